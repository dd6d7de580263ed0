-- The account's address book (account-content §3 Address, §4 Addresses): each address is for shipping (S)
-- or billing (B), and of each type one is main. The first of a type becomes main; marking another main clears
-- it on the rest of that type. Addresses saved before this migration were delivery addresses.
ALTER TABLE consumer_addresses ADD COLUMN approach_type TEXT NOT NULL DEFAULT 'S' CHECK (approach_type IN ('S', 'B'));
CREATE INDEX consumer_addresses_owner ON consumer_addresses(consumer_no, approach_type, is_default);
