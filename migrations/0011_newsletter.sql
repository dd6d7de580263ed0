-- Newsletter double opt-in (commerce-core §9): a newsletter subscription counts only once the address
-- confirms it from the emailed link. Shoppers without an account are newsletter recipients; an account's
-- email subscriptions live in `subscriptions` and are confirmed with the same kind of link.

CREATE TABLE newsletter_recipients (
  email TEXT NOT NULL COLLATE NOCASE,
  site_id TEXT NOT NULL REFERENCES sites(id),
  locale TEXT NOT NULL,
  source TEXT,                         -- the form or campaign that asked (enrollment_marketing_source)
  requested_at TEXT NOT NULL,
  confirmed_at TEXT,
  PRIMARY KEY (email, site_id)
);

-- Confirmation links: single-use, expiring, stored as a hash.
CREATE TABLE subscription_confirmations (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL COLLATE NOCASE,
  site_id TEXT NOT NULL,
  consumer_no TEXT REFERENCES consumers(consumer_no),  -- set: an account's pending subscription
  type TEXT NOT NULL CHECK (type IN ('Newsletter', 'LoyaltyNewsletter')),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX subscription_confirmations_email ON subscription_confirmations(email, created_at);
