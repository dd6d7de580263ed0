-- "My store" (the store services issue, §2): the shopper's favourite store, kept on the account so it
-- follows them to another device; a guest's lives in a cookie only.
ALTER TABLE consumers ADD COLUMN fav_store_id TEXT REFERENCES stores(id);
