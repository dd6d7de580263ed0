-- Checkout and orders (the checkout issue). An order is written in the same D1 batch that reserves its
-- stock (inventory.quantity keeps CHECK >= 0, so an oversell aborts the whole batch) and debits its gift
-- cards and points; a failed payment gives them back. Money in minor units of the order's currency.

CREATE TABLE orders (
  order_number TEXT PRIMARY KEY,             -- CR followed by nine digits
  site_id TEXT NOT NULL REFERENCES sites(id),
  locale TEXT NOT NULL,
  currency TEXT NOT NULL,
  basket_id TEXT NOT NULL,
  usid TEXT NOT NULL,                        -- the session that placed it
  consumer_no TEXT REFERENCES consumers(consumer_no),
  email TEXT NOT NULL,
  st_hash TEXT NOT NULL,                     -- digest of the order access token a guest opens it with
  status TEXT NOT NULL CHECK (status IN ('placing', 'awaiting_authentication', 'created', 'paid', 'processing', 'shipped',
    'delivered', 'cancelled', 'partly_returned', 'returned', 'refunded', 'failed')),
  checkout_status TEXT,                      -- EXPRESS for an express checkout
  store_context TEXT,                        -- applePayPdp or paypalPdp for a wallet order from the product page
  totals TEXT NOT NULL,                      -- JSON, the Cart entity's totals at the moment of placing
  promo_summary TEXT NOT NULL DEFAULT '[]',
  shipping_address TEXT,                     -- JSON
  billing_address TEXT,                      -- JSON
  shipments TEXT NOT NULL,                   -- JSON [{ shipmentId, method, storeId?, pointId?, address?, lines }]
  in_store_sales_info TEXT,                  -- JSON { storeId, storeEmployeeId }
  coupons TEXT NOT NULL DEFAULT '[]',        -- JSON, the coupon codes it redeemed (given back if it fails)
  payment_failure TEXT,                      -- why it failed, when it did
  release_id TEXT,                           -- the one release that gave its stock back (a second finds it taken)
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX orders_consumer ON orders(consumer_no, created_at);
CREATE INDEX orders_basket ON orders(basket_id, created_at);
CREATE INDEX orders_status ON orders(status, updated_at);

CREATE TABLE order_lines (
  order_number TEXT NOT NULL REFERENCES orders(order_number),
  line_no INTEGER NOT NULL,
  item_id TEXT NOT NULL,                     -- the cart line it came from
  variant_id TEXT NOT NULL REFERENCES variants(id),
  product_id TEXT NOT NULL,
  name TEXT NOT NULL,
  colour TEXT NOT NULL,
  size TEXT NOT NULL,
  qty INTEGER NOT NULL CHECK (qty > 0),
  unit_price INTEGER NOT NULL,
  row_total INTEGER NOT NULL,                -- after item and order discounts
  price TEXT NOT NULL,                       -- JSON, the item's price object as the cart showed it
  gift TEXT,                                 -- JSON giftOption of a digital gift card
  shipment_id TEXT NOT NULL,
  store_id TEXT,                             -- picked up here (stock reserved from the store) or shipped to it
  stock_source TEXT NOT NULL CHECK (stock_source IN ('warehouse', 'store', 'digital')),
  PRIMARY KEY (order_number, line_no)
);
CREATE INDEX order_lines_variant ON order_lines(variant_id);

-- Every tender of an order: a card or wallet authorization, gift cards, loyalty points, athlete allowance.
CREATE TABLE order_payments (
  order_number TEXT NOT NULL REFERENCES orders(order_number),
  payment_no INTEGER NOT NULL,
  method TEXT NOT NULL,                      -- CREDIT_CARD, GIFT_CARD, LOYALTY_POINTS, ATHLETES_PAYMENT, PAYPAL, KLARNA, DW_APPLE_PAY
  amount INTEGER NOT NULL CHECK (amount >= 0),
  status TEXT NOT NULL CHECK (status IN ('pending', 'authorized', 'captured', 'declined', 'voided', 'refunded', 'debited', 'restored')),
  authorization_id TEXT,
  card TEXT,                                 -- JSON { brand, last4, bin, expMonth, expYear }: never the number
  gift_card_id TEXT REFERENCES gift_cards(id),
  points INTEGER,
  decline_reason TEXT,
  PRIMARY KEY (order_number, payment_no)
);

CREATE TABLE order_status_history (
  order_number TEXT NOT NULL REFERENCES orders(order_number),
  status TEXT NOT NULL,
  at TEXT NOT NULL,
  carrier TEXT,
  tracking_number TEXT,
  note TEXT
);
CREATE INDEX order_status_history_order ON order_status_history(order_number, at);

-- A place-order request's Idempotency-Key: a retry gets the order the first request made.
CREATE TABLE order_requests (
  idempotency_key TEXT PRIMARY KEY,
  usid TEXT NOT NULL,
  order_number TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- A registered shopper's saved addresses (the account area manages them; checkout reads and adds).
CREATE TABLE consumer_addresses (
  address_id TEXT PRIMARY KEY,
  consumer_no TEXT NOT NULL REFERENCES consumers(consumer_no),
  address TEXT NOT NULL,                     -- JSON, the address form's fields
  is_default INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX consumer_addresses_consumer ON consumer_addresses(consumer_no);

-- Saved cards: the processor's reusable token and what the shopper recognises the card by.
CREATE TABLE payment_cards (
  payment_instrument_id TEXT PRIMARY KEY,
  consumer_no TEXT NOT NULL REFERENCES consumers(consumer_no),
  provider TEXT NOT NULL,                    -- sandbox or stripe: a token is only good with its processor
  token TEXT NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL CHECK (length(last4) = 4),
  bin TEXT NOT NULL,
  exp_month INTEGER NOT NULL,
  exp_year INTEGER NOT NULL,
  is_main INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  UNIQUE (consumer_no, provider, bin, last4, exp_month, exp_year)
);
CREATE INDEX payment_cards_consumer ON payment_cards(consumer_no);

-- Points spent on an order come off in its batch; going below zero aborts it, as stock does.
CREATE TRIGGER consumers_points_not_negative BEFORE UPDATE OF loyalty_points ON consumers
WHEN NEW.loyalty_points < 0 BEGIN SELECT RAISE(ABORT, 'loyalty points below zero'); END;
