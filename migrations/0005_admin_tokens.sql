-- Named admin tokens, one per marketer or operator: only a hash of the secret is stored, so a copy of the
-- database does not open the admin API. The ADMIN_TOKEN secret stays as the bootstrap credential that
-- creates the first of these.

CREATE TABLE admin_tokens (
  id TEXT PRIMARY KEY,                 -- the public part of the token: crn_<id>.<secret>
  name TEXT NOT NULL,                  -- who holds it; the actor of every audit row it writes
  role TEXT NOT NULL CHECK (role IN ('marketer', 'operator')),
  secret_hash TEXT NOT NULL,           -- SHA-256 of the secret part, hex
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE INDEX admin_tokens_name ON admin_tokens(name);
