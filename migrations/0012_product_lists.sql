-- Favorites and saved-for-later (account-content §3): one list of each kind per consumer, and a guest's
-- lists owned by their anonymous session until sign-in merges them into the consumer's.

CREATE TABLE product_lists (
  id TEXT PRIMARY KEY,                                  -- favoriteId or saveForLaterId
  kind TEXT NOT NULL CHECK (kind IN ('favorites', 'save_for_later')),
  consumer_no TEXT REFERENCES consumers(consumer_no),   -- null while it is a guest's
  usid TEXT,                                            -- the guest session that owns it
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK (consumer_no IS NOT NULL OR usid IS NOT NULL)
);
CREATE UNIQUE INDEX product_lists_consumer ON product_lists(consumer_no, kind) WHERE consumer_no IS NOT NULL;
CREATE INDEX product_lists_usid ON product_lists(usid) WHERE usid IS NOT NULL;

CREATE TABLE product_list_items (
  list_id TEXT NOT NULL REFERENCES product_lists(id) ON DELETE CASCADE,
  item_id TEXT NOT NULL,                                -- a colour or variant id
  item_type TEXT NOT NULL DEFAULT 'product',
  qty INTEGER NOT NULL DEFAULT 1 CHECK (qty > 0),
  page_url TEXT,
  added_at TEXT NOT NULL,
  PRIMARY KEY (list_id, item_id)
);
