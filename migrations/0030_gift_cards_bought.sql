-- Digital gift cards bought (the account issue, Payment and resendGiftCardEmail): each unit of a digital gift
-- card line becomes a card when the order is paid, sent to its recipient. Its number and PIN are kept
-- sealed (AES-GCM under a key derived from GIFT_CARD_KEY) so the email can be sent again; lookups still go
-- by the keyed hash. And gift cards a shopper keeps on their account to see the balance and pay with.
ALTER TABLE gift_cards ADD COLUMN order_number TEXT REFERENCES orders(order_number);
ALTER TABLE gift_cards ADD COLUMN line_no INTEGER;
ALTER TABLE gift_cards ADD COLUMN seq INTEGER;
ALTER TABLE gift_cards ADD COLUMN recipient_email TEXT;
ALTER TABLE gift_cards ADD COLUMN sealed TEXT;
CREATE UNIQUE INDEX gift_cards_bought ON gift_cards(order_number, line_no, seq) WHERE order_number IS NOT NULL;

CREATE TABLE consumer_gift_cards (
  consumer_no TEXT NOT NULL REFERENCES consumers(consumer_no),
  gift_card_id TEXT NOT NULL REFERENCES gift_cards(id),
  saved_at TEXT NOT NULL,
  PRIMARY KEY (consumer_no, gift_card_id)
);
