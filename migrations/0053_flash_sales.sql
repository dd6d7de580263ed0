-- Flash sales (issue 27, "Shard and hold a flash sale"): a variant whose stock is held in FlashStock Durable
-- Objects while the sale runs, split over `shards` objects named "{variant_id}:{i}". A sale that has ended
-- leaves the variant to the inventory table again; declaring one anew on the same variant starts a new
-- sale_id, which the shard objects take as a fresh start.
CREATE TABLE flash_sales (
  variant_id TEXT PRIMARY KEY REFERENCES variants(id),
  sale_id TEXT NOT NULL,
  units INTEGER NOT NULL CHECK (units > 0),
  shards INTEGER NOT NULL CHECK (shards BETWEEN 1 AND 32),
  hold_minutes INTEGER NOT NULL CHECK (hold_minutes BETWEEN 1 AND 120),
  starts_at TEXT,
  ends_at TEXT,
  declared_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
