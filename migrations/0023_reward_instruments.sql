-- Reward codes and reward cards (commerce-core §3 payment methods REWARD_CODE and REWARD_CARD): stored value
-- a loyalty member is given (a birthday reward, points converted, a goodwill gesture), spent like a gift card,
-- partly or wholly, and given back when an order is released. They live beside gift cards so every tender
-- path (the balance at pricing, the debit in the order's batch, the restore) is one path. Unlike a gift card
-- a reward belongs to one member and opens with its code or number alone (no PIN): only its owner may use it.
ALTER TABLE gift_cards ADD COLUMN kind TEXT NOT NULL DEFAULT 'GIFT_CARD' CHECK (kind IN ('GIFT_CARD', 'REWARD_CODE', 'REWARD_CARD'));
ALTER TABLE gift_cards ADD COLUMN consumer_no TEXT REFERENCES consumers(consumer_no);
-- What the reward was given for, as the member reads it ("Birthday reward").
ALTER TABLE gift_cards ADD COLUMN reason TEXT;
CREATE INDEX gift_cards_consumer ON gift_cards(consumer_no, kind);
