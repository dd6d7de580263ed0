-- The queues (README, Queues): email and order events are handled by queue consumers, delivered at least once.
-- queue_deliveries is each consumer's claim on a piece of work by its idempotency key (an email's id, an
-- order event's), so a message delivered twice does its work once: claimed for a while (lease_until, epoch
-- milliseconds) while it runs, done once it has, failed (with the error) when it must be tried again.
CREATE TABLE queue_deliveries (
  key TEXT PRIMARY KEY,
  state TEXT NOT NULL CHECK (state IN ('claimed', 'done', 'failed')),
  lease_until INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX queue_deliveries_done ON queue_deliveries (updated_at) WHERE state = 'done';

-- An email too large for a queue message (a personal data export's attachment) waits here, named by its id
-- in the message, until it has been sent. recipient makes it part of the shopper's personal data.
CREATE TABLE mail_parcels (
  id TEXT PRIMARY KEY,
  recipient TEXT NOT NULL,
  content TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- What the consumers gave up on after their retries (the dead-letter queue's consumer keeps it here), for an
-- operator to read and replay at /admin/dead-letters. One row per piece of work (its idempotency key): a
-- replayed message that fails again reopens its row. recipient (an email's) makes it personal data. A body
-- no consumer of this store wrote is kept too, under its message id, but cannot be replayed.
CREATE TABLE dead_letters (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  key TEXT NOT NULL UNIQUE,
  queue TEXT NOT NULL CHECK (queue IN ('mail', 'order-events', 'unknown')),
  type TEXT NOT NULL,
  recipient TEXT,
  body TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  last_error TEXT,
  failed_at TEXT NOT NULL,
  replayed_at TEXT
);

-- The local outbox keeps the email's id, so an email delivered again is written once (Resend is given the
-- same id as its Idempotency-Key).
ALTER TABLE outbox ADD COLUMN message_id TEXT;
CREATE UNIQUE INDEX outbox_message_id ON outbox (message_id) WHERE message_id IS NOT NULL;
