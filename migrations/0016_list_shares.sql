-- A favorites list can be shared as a public, read-only link (the cart issue, §6): an unguessable token,
-- made once when the owner first shares and kept, so a link sent to a friend keeps working.
ALTER TABLE product_lists ADD COLUMN share_token TEXT;
CREATE UNIQUE INDEX product_lists_share_token ON product_lists(share_token) WHERE share_token IS NOT NULL;
