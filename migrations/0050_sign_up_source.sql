-- Where an online sign-up came from (commerce-core §7, POST /consumers-v3/auth/signup): the source header
-- (the channel that signed the shopper up: the lead source the visit came with, or a partner app's name), and
-- the body's source: how the shopper signed up (the sign-in dialog, the account page...), the campaign, and
-- the store the sign-up named (a link or QR code in a shop). That store is the shopper's word, kept apart from
-- acquisition_store, which only a connected associate at the till sets.
ALTER TABLE consumers ADD COLUMN acquisition_source TEXT;
ALTER TABLE consumers ADD COLUMN acquisition_type TEXT;
ALTER TABLE consumers ADD COLUMN acquisition_campaign TEXT;
ALTER TABLE consumers ADD COLUMN acquisition_named_store TEXT REFERENCES stores(id);
CREATE INDEX consumers_acquisition ON consumers (site_id, created_at);
