-- Catalog, prices, inventory, stores and the search index.
-- Money is stored in integer minor units of the site's currency.

CREATE TABLE sites (
  id TEXT PRIMARY KEY,                 -- US, CA, GB, FR, DE, IT
  currency TEXT NOT NULL,              -- ISO 4217
  region TEXT NOT NULL CHECK (region IN ('NA', 'EMEA')),
  default_locale TEXT NOT NULL         -- en-us, en-ca, ...
);

CREATE TABLE categories (
  id INTEGER PRIMARY KEY CHECK (id BETWEEN 1000 AND 9999999999),
  parent_id INTEGER REFERENCES categories(id),
  slug TEXT NOT NULL,                  -- English, used in every locale's URL
  level INTEGER NOT NULL CHECK (level BETWEEN 1 AND 3),
  position INTEGER NOT NULL
);
CREATE INDEX categories_parent ON categories(parent_id, position);

CREATE TABLE category_texts (
  category_id INTEGER NOT NULL REFERENCES categories(id),
  lang TEXT NOT NULL,                  -- en, fr, de, it
  name TEXT NOT NULL,
  PRIMARY KEY (category_id, lang)
);

-- A style is the master product; its colours are the products shoppers open.
CREATE TABLE styles (
  id TEXT PRIMARY KEY,                 -- master id, 6 uppercase alphanumerics
  category_id INTEGER NOT NULL REFERENCES categories(id),
  product_type TEXT NOT NULL,          -- boot, sneaker, sandal, jacket, ... (drives the illustration)
  size_system TEXT NOT NULL CHECK (size_system IN ('shoe', 'apparel', 'bottoms', 'one-size', 'amount')),
  badge TEXT,                          -- new, bestseller, sustainable, online-exclusive, limited
  rating REAL,                         -- 0..5, one decimal
  review_count INTEGER NOT NULL DEFAULT 0,
  is_presale INTEGER NOT NULL DEFAULT 0,
  target_publish_date TEXT,            -- ISO date; in the future means coming soon
  notify_me INTEGER NOT NULL DEFAULT 0,
  is_digital INTEGER NOT NULL DEFAULT 0,
  is_robis_only INTEGER NOT NULL DEFAULT 0,   -- reservation-only (reserve online, buy in store)
  benefit_ratings TEXT,                -- JSON [{ "key": "waterproof", "value": 1..5 }]
  created_at TEXT NOT NULL,            -- ISO date, drives the "newest" sort
  featured_rank INTEGER NOT NULL       -- drives the "featured" sort, lower first
);
CREATE INDEX styles_category ON styles(category_id);

CREATE TABLE style_texts (
  style_id TEXT NOT NULL REFERENCES styles(id),
  lang TEXT NOT NULL,
  name TEXT NOT NULL,
  eyebrow TEXT,                        -- short line above the name ("Waterproof", "Iconic since 1973")
  description TEXT NOT NULL,
  details TEXT NOT NULL,               -- JSON array of bullet strings
  model_measurements TEXT,             -- apparel only: "Model is 6'1\" and wears size M"
  PRIMARY KEY (style_id, lang)
);

-- Colour-level product: the 8-character id in product URLs.
CREATE TABLE products (
  id TEXT PRIMARY KEY,                 -- 8 uppercase alphanumerics
  style_id TEXT NOT NULL REFERENCES styles(id),
  slug TEXT NOT NULL,
  colour_name TEXT NOT NULL,           -- "Wheat Nubuck"
  colour_family TEXT NOT NULL,         -- black, white, grey, brown, tan, beige, green, blue, red, pink, yellow, orange, purple, multi
  swatch_hex TEXT NOT NULL,            -- #RRGGBB
  position INTEGER NOT NULL
);
CREATE INDEX products_style ON products(style_id, position);

CREATE TABLE variants (
  id TEXT PRIMARY KEY,                 -- 9 to 11 uppercase alphanumerics, starts with its product id
  product_id TEXT NOT NULL REFERENCES products(id),
  upc TEXT NOT NULL UNIQUE,            -- 12 digits
  size TEXT NOT NULL,                  -- "9.5", "M", "32", "ONE SIZE", "50" (gift card amount)
  width TEXT,                          -- shoes: "M" (medium) or "W" (wide)
  length TEXT,                         -- bottoms: "30", "32", "34"
  position INTEGER NOT NULL
);
CREATE INDEX variants_product ON variants(product_id, position);

-- Price per site. item_id is a colour-level product id, or a variant id that
-- overrides its product's price (gift card amounts).
CREATE TABLE prices (
  item_id TEXT NOT NULL,
  site_id TEXT NOT NULL REFERENCES sites(id),
  list_amount INTEGER NOT NULL,
  sale_amount INTEGER,                 -- set when on sale, below list_amount
  lowest_30d_amount INTEGER,           -- EU sites: lowest price in the 30 days before the sale
  sale_since TEXT,                     -- ISO date the sale price became active
  PRIMARY KEY (item_id, site_id)
);

CREATE TABLE inventory (
  variant_id TEXT PRIMARY KEY REFERENCES variants(id),
  quantity INTEGER NOT NULL CHECK (quantity >= 0)
);

CREATE TABLE stores (
  id TEXT PRIMARY KEY,                 -- "US-0001"
  site_id TEXT NOT NULL REFERENCES sites(id),
  country_code TEXT NOT NULL,
  name TEXT NOT NULL,
  address_line1 TEXT NOT NULL,
  city TEXT NOT NULL,
  province TEXT,
  postal_code TEXT NOT NULL,
  phone TEXT NOT NULL,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  opening_hours TEXT NOT NULL,         -- JSON { "mon": ["10:00","20:00"], ..., "sun": null }
  services TEXT NOT NULL               -- JSON ["pickup", "returns", "ship-to-store"]
);
CREATE INDEX stores_site ON stores(site_id);

CREATE TABLE store_inventory (
  store_id TEXT NOT NULL REFERENCES stores(id),
  variant_id TEXT NOT NULL REFERENCES variants(id),
  quantity INTEGER NOT NULL CHECK (quantity >= 0),
  PRIMARY KEY (store_id, variant_id)
);
CREATE INDEX store_inventory_variant ON store_inventory(variant_id);

-- Full-text search, one row per style and language.
CREATE VIRTUAL TABLE product_search USING fts5(
  style_id UNINDEXED,
  lang UNINDEXED,
  name,
  category,
  colours,
  description,
  tokenize = 'unicode61 remove_diacritics 2'
);
