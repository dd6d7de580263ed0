-- One-click unsubscribe (RFC 8058; the account issue, Subscriptions): a newsletter recipient without an
-- account keeps when they left, as an account's subscription keeps its optout_date; the outbox keeps the
-- headers an email went out with (List-Unsubscribe and List-Unsubscribe-Post on marketing email).
ALTER TABLE newsletter_recipients ADD COLUMN unsubscribed_at TEXT;
ALTER TABLE outbox ADD COLUMN headers TEXT;
