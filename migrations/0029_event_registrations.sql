-- Event registration (account-content §3, §4, §5; the account issue, §2): one registration per shopper and
-- event, each taking its seats (the shopper, and a guest when they bring one) from the capacity the event's
-- content gives. The capacity is checked inside the insert itself, so registrations at the same moment
-- cannot overfill an event.
CREATE TABLE event_registrations (
  registration_id TEXT PRIMARY KEY,
  event_id TEXT NOT NULL,
  site_id TEXT NOT NULL,
  consumer_no TEXT NOT NULL REFERENCES consumers(consumer_no),
  email TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  gender TEXT,
  phone TEXT,
  attending_days TEXT NOT NULL,              -- comma-joined ISO dates ("2027-05-15,2027-05-16")
  plus_one TEXT,                             -- the guest's name
  seats INTEGER NOT NULL CHECK (seats IN (1, 2)),
  terms_accepted_at TEXT NOT NULL,
  registered_at TEXT NOT NULL,
  UNIQUE (event_id, consumer_no)
);
CREATE INDEX event_registrations_event ON event_registrations(event_id);
