-- Gift cards (the cart issue, §3): the number is never stored, only its keyed hash (HMAC-SHA256 under the
-- GIFT_CARD_KEY secret) and its last four digits to show; the PIN likewise, compared in constant time.
-- Amounts in minor units of the card's currency. A card is applied to a cart as a payment instrument and
-- only debited when an order is placed.
CREATE TABLE gift_cards (
  id TEXT PRIMARY KEY,
  number_hash TEXT NOT NULL UNIQUE,
  last4 TEXT NOT NULL CHECK (length(last4) = 4),
  pin_hash TEXT NOT NULL,
  currency TEXT NOT NULL,
  balance INTEGER NOT NULL CHECK (balance >= 0),
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked')),
  expires_on TEXT,
  created_at TEXT NOT NULL
);
