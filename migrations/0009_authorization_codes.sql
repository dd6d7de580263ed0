-- Sign-in codes (commerce-core §4, a PKCE-style code flow): single-use, valid for a minute, bound to the
-- SHA-256 challenge of a verifier only the signing-in browser knows. Stored as a hash.

CREATE TABLE authorization_codes (
  code_hash TEXT PRIMARY KEY,
  consumer_no TEXT NOT NULL REFERENCES consumers(consumer_no),
  challenge TEXT NOT NULL,              -- base64url SHA-256 of the verifier
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  session_family TEXT                   -- the session the code was exchanged for, once it was
);
CREATE INDEX authorization_codes_expiry ON authorization_codes(expires_at);
