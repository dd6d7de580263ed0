-- Pickup points near the stores (the cart issue, §4): parcel lockers and partner shops a shopper can
-- have an order delivered to, with their hours, found by distance from a place.
CREATE TABLE collection_points (
  id TEXT PRIMARY KEY,                 -- "US-0001-L1"
  site_id TEXT NOT NULL REFERENCES sites(id),
  country_code TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('locker', 'shop')),
  name TEXT NOT NULL,
  address_line1 TEXT NOT NULL,
  city TEXT NOT NULL,
  province TEXT,
  postal_code TEXT NOT NULL,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  opening_hours TEXT NOT NULL          -- JSON { "mon": ["08:00","20:00"], ..., "sun": null }
);
CREATE INDEX collection_points_site ON collection_points(site_id);
