-- Gift with purchase and once-per-customer codes (the cart issue, §2): a GWP promotion names the variant
-- it gives; a code a customer may use once is refused (PRM150) after their order has redeemed it.
ALTER TABLE promotions ADD COLUMN gift_variant_id TEXT REFERENCES variants(id);
ALTER TABLE promotions ADD COLUMN once_per_customer INTEGER NOT NULL DEFAULT 0;

CREATE TABLE coupon_redemptions (
  promotion_id TEXT NOT NULL REFERENCES promotions(id),
  consumer_no TEXT NOT NULL REFERENCES consumers(consumer_no),
  order_no TEXT NOT NULL,
  redeemed_at TEXT NOT NULL,
  PRIMARY KEY (promotion_id, consumer_no, order_no)
);
