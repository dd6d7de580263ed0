-- After the sale (the account issue: cancellation of lines, returns, refunds, loyalty points). A line keeps
-- its bought quantity; what was cancelled before shipping and what came back are counted beside it, and
-- the two together never exceed it (a trigger, so two requests at once cannot both take the last unit).

ALTER TABLE order_lines ADD COLUMN cancelled_qty INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN returned_qty INTEGER NOT NULL DEFAULT 0;   -- received back at the warehouse
ALTER TABLE order_lines ADD COLUMN returning_qty INTEGER NOT NULL DEFAULT 0;  -- on a return label, not yet received

CREATE TRIGGER order_lines_quantities BEFORE UPDATE OF cancelled_qty, returned_qty, returning_qty ON order_lines
WHEN NEW.cancelled_qty + NEW.returned_qty + NEW.returning_qty > NEW.qty OR NEW.returning_qty < 0
BEGIN SELECT RAISE(ABORT, 'order line quantities exceed the quantity bought'); END;

-- What of a tender has gone back to the shopper: an authorization captured for less, a refund, a gift card or
-- points restored. A tender is whole again when released equals its amount.
ALTER TABLE order_payments ADD COLUMN released INTEGER NOT NULL DEFAULT 0;

-- Points the order earned its member when it was paid; what is cancelled or returned takes its share back.
ALTER TABLE orders ADD COLUMN points_earned INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN points_reversed INTEGER NOT NULL DEFAULT 0;

-- Money owed back to a shopper: written with the change that owes it, paid out through the tenders after
-- (pending until the processor has answered, so a failure is retried by the next fulfilment run).
CREATE TABLE order_refunds (
  refund_id TEXT PRIMARY KEY,
  order_number TEXT NOT NULL REFERENCES orders(order_number),
  kind TEXT NOT NULL CHECK (kind IN ('cancel', 'return')),
  return_id TEXT,
  amount INTEGER NOT NULL CHECK (amount >= 0),
  lines TEXT NOT NULL,                       -- JSON [{ lineNo, qty, amount }]
  status TEXT NOT NULL CHECK (status IN ('pending', 'settling', 'settled')),
  created_at TEXT NOT NULL,
  settled_at TEXT
);
CREATE INDEX order_refunds_order ON order_refunds(order_number);
CREATE INDEX order_refunds_pending ON order_refunds(status, created_at);

-- Returns: a label per return, its lines with the shopper's reason; received in the warehouse, then refunded.
CREATE TABLE order_returns (
  return_id TEXT PRIMARY KEY,                -- RA followed by eight digits, printed on the label
  order_number TEXT NOT NULL REFERENCES orders(order_number),
  status TEXT NOT NULL CHECK (status IN ('label_issued', 'received', 'refunded')),
  carrier TEXT NOT NULL,
  tracking_number TEXT NOT NULL,
  from_address TEXT NOT NULL,                -- JSON, where the parcel is collected (the delivery address)
  created_at TEXT NOT NULL,
  received_at TEXT,
  refund_amount INTEGER
);
CREATE INDEX order_returns_order ON order_returns(order_number);
CREATE INDEX order_returns_status ON order_returns(status, created_at);

CREATE TABLE order_return_lines (
  return_id TEXT NOT NULL REFERENCES order_returns(return_id),
  line_no INTEGER NOT NULL,
  qty INTEGER NOT NULL CHECK (qty > 0),
  reason TEXT NOT NULL,
  PRIMARY KEY (return_id, line_no)
);

-- A member's points over time: earned on orders, spent, given back, taken back, welcome and referral bonuses.
CREATE TABLE loyalty_transactions (
  consumer_no TEXT NOT NULL REFERENCES consumers(consumer_no),
  at TEXT NOT NULL,
  points INTEGER NOT NULL,                   -- signed
  kind TEXT NOT NULL CHECK (kind IN ('earned', 'redeemed', 'restored', 'reversed', 'welcome', 'referral')),
  order_number TEXT,
  note TEXT
);
CREATE INDEX loyalty_transactions_consumer ON loyalty_transactions(consumer_no, at);

-- Each tender's part of a refund, written as it is paid: a retried refund pays only what is still owed.
CREATE TABLE order_refund_shares (
  refund_id TEXT NOT NULL REFERENCES order_refunds(refund_id),
  payment_no INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  at TEXT NOT NULL,
  PRIMARY KEY (refund_id, payment_no)
);
