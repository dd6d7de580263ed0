-- Notify-me for sold-out sizes (the cart issue, §7): who asked to hear when a variant is back, once per
-- variant and address; notified_at is set when the back-in-stock email goes (operations issue).
CREATE TABLE product_notifications (
  variant_id TEXT NOT NULL REFERENCES variants(id),
  email TEXT NOT NULL,
  site_id TEXT NOT NULL,
  locale TEXT NOT NULL,
  created_at TEXT NOT NULL,
  notified_at TEXT,
  PRIMARY KEY (variant_id, email)
);
