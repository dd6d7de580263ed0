-- Preview tokens a marketer was given: the signed token proves who and what, this row lets an operator
-- take it back before it expires (and revoking an admin token takes back every preview token it made).

CREATE TABLE preview_tokens (
  id TEXT PRIMARY KEY,                 -- the token's jti
  site_id TEXT NOT NULL,
  actor TEXT NOT NULL,                 -- the admin credential's holder
  admin_token_id TEXT,                 -- null when the bootstrap ADMIN_TOKEN made it
  preview_at TEXT,                     -- the one moment the token shows, when it has one
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX preview_tokens_admin_token ON preview_tokens(admin_token_id);
