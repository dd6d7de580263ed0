-- Money is decided where the order is written (the money-and-trust issue, §1 and §2): a payment session is
-- bound to the basket, amount and currency it was opened for and pays one order; a coupon's redemption
-- limit and its once-per-customer rule hold inside the batch that writes the order, whoever races it.

-- Every payment session the store opens (a PayPal or Klarna session, a PaymentIntent for one, an Apple Pay
-- sheet): what it was opened for, kept on the store's side, and the one order it paid.
CREATE TABLE payment_sessions (
  session_id TEXT PRIMARY KEY,             -- the processor's id (wallet session, PaymentIntent) or the store's (Apple Pay sheet)
  method TEXT NOT NULL,                    -- PAYPAL, KLARNA, DW_APPLE_PAY
  basket_id TEXT NOT NULL,
  usid TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  currency TEXT NOT NULL,
  order_number TEXT UNIQUE,                -- set in the order's own batch; cleared if that order fails
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX payment_sessions_basket ON payment_sessions(basket_id, created_at);

-- Another order may never take a session over: the batch that tries aborts whole.
CREATE TRIGGER payment_sessions_pay_once BEFORE UPDATE OF order_number ON payment_sessions
WHEN OLD.order_number IS NOT NULL AND NEW.order_number IS NOT NULL AND NEW.order_number <> OLD.order_number
BEGIN
  SELECT RAISE(ABORT, 'payment session already paid an order');
END;

-- A coupon's redemption limit is a rule of the table: an order whose batch would count one redemption past
-- it aborts whole, however many orders race for the last one.
CREATE TRIGGER promotions_redemption_limit BEFORE UPDATE OF redemptions ON promotions
WHEN NEW.redemption_limit IS NOT NULL AND NEW.redemptions > NEW.redemption_limit AND NEW.redemptions > OLD.redemptions
BEGIN
  SELECT RAISE(ABORT, 'coupon redemption limit reached');
END;

-- Once per customer means once per person, signed in or not: an order claims its once-per-customer codes
-- under every key that names its customer ('c:' and the consumer number; 'e:' and the SHA-256 of the
-- normalised email), and the primary key refuses a second claim under any of them.
CREATE TABLE coupon_redemptions_keyed (
  promotion_id TEXT NOT NULL REFERENCES promotions(id),
  customer_key TEXT NOT NULL,
  consumer_no TEXT REFERENCES consumers(consumer_no),
  order_no TEXT NOT NULL,
  redeemed_at TEXT NOT NULL,
  PRIMARY KEY (promotion_id, customer_key)
);
INSERT OR IGNORE INTO coupon_redemptions_keyed (promotion_id, customer_key, consumer_no, order_no, redeemed_at)
  SELECT promotion_id, 'c:' || consumer_no, consumer_no, order_no, redeemed_at FROM coupon_redemptions;
DROP TABLE coupon_redemptions;
ALTER TABLE coupon_redemptions_keyed RENAME TO coupon_redemptions;
CREATE INDEX coupon_redemptions_order ON coupon_redemptions(order_no);
CREATE INDEX coupon_redemptions_consumer ON coupon_redemptions(consumer_no);
