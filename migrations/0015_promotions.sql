-- Promotions and coupons (the cart issue): in D1 so a marketer can create, schedule and retire them
-- without a deploy. The pricing engine (src/worker/commerce/cart/pricing/engine.ts) states how they stack.
CREATE TABLE promotions (
  id TEXT PRIMARY KEY,                  -- GWP in the id marks a gift with purchase; GUEST or REGISTERED its audience
  site_id TEXT NOT NULL REFERENCES sites(id),
  name TEXT NOT NULL,
  level TEXT NOT NULL CHECK (level IN ('PRODUCT', 'ORDER', 'SHIPPING')),
  discount_type TEXT NOT NULL CHECK (discount_type IN ('percent', 'amount', 'free')),
  discount_value INTEGER NOT NULL DEFAULT 0,   -- percent, or minor units
  product_ids TEXT,                     -- JSON array of colour-level product ids
  product_types TEXT,                   -- JSON array of product types ("boot")
  threshold INTEGER,                    -- minor units of the subtotal after product promotions
  coupon_code TEXT,                     -- upper case; unique per site when set
  audience TEXT NOT NULL DEFAULT 'ALL' CHECK (audience IN ('ALL', 'GUEST', 'REGISTERED', 'EMPLOYEE')),
  exclusive INTEGER NOT NULL DEFAULT 0,
  callout TEXT,                         -- "approaching|above threshold|reached", {distance} for what is left
  starts_at TEXT NOT NULL,
  ends_at TEXT,
  redemption_limit INTEGER,             -- orders that may use it, all shoppers together
  redemptions INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX promotions_coupon ON promotions(site_id, coupon_code) WHERE coupon_code IS NOT NULL;
CREATE INDEX promotions_site ON promotions(site_id, starts_at);
