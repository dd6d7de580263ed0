-- Account deletion (the account issue, Personal data): a deleted account stays as an anonymous stub its kept
-- orders belong to; when it was deleted.
ALTER TABLE consumers ADD COLUMN deleted_at TEXT;

-- The personal data export travels as an attachment (the local outbox keeps it like any other email).
ALTER TABLE outbox ADD COLUMN attachments TEXT;
