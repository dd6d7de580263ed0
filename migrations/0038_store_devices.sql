-- Store devices (the security issue, §4): an associate connects only on a device an operator registered to
-- the store, so the store's PIN alone opens nothing from elsewhere. An operator makes a device with a
-- one-time enrolment code (kept as its SHA-256 digest, for a day); the device trades the code for a secret
-- kept in its cookie (kept here as its digest). Revoking a device ends its registration.
CREATE TABLE store_devices (
  id TEXT PRIMARY KEY,
  store_id TEXT NOT NULL REFERENCES stores(id),
  label TEXT NOT NULL,
  enrol_hash TEXT,
  enrol_expires_at TEXT,
  secret_hash TEXT,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  enrolled_at TEXT,
  last_seen_at TEXT,
  revoked_at TEXT
);
CREATE UNIQUE INDEX store_devices_enrol ON store_devices (enrol_hash) WHERE enrol_hash IS NOT NULL;
CREATE INDEX store_devices_store ON store_devices (store_id);
