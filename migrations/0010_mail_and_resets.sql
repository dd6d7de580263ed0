-- The outbox of the local Mailer (every email the store would send, readable at /admin/outbox) and the
-- password-reset links: single-use, expiring, stored as a hash.

CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,                  -- password-reset, newsletter-confirm, ...
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  html TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  consumer_no TEXT NOT NULL REFERENCES consumers(consumer_no),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX password_resets_consumer ON password_resets(consumer_no);
