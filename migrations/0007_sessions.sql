-- Refresh tokens behind the short-lived session cookie: opaque, stored only as a SHA-256 hash, rotated on
-- every use. Each rotation stays in its family; a rotated token used again means a copy is in someone
-- else's hands, and the whole family is revoked.

CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY,         -- SHA-256 of the token, hex
  family_id TEXT NOT NULL,             -- every token rotated from the same sign-in (or guest visit)
  usid TEXT NOT NULL,
  claims TEXT NOT NULL,                -- JSON: the session claims the next session is made from
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT,                        -- set when rotated: a second use is a reuse
  revoked_at TEXT
);
CREATE INDEX refresh_tokens_family ON refresh_tokens(family_id);
CREATE INDEX refresh_tokens_expiry ON refresh_tokens(expires_at);
