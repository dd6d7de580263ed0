-- Business events where the store has no Analytics Engine dataset to write to (npm start, the tests): the same
-- data points the dataset would get (src/worker/observe/business-events.ts), so a test or a developer can read
-- them with SQL. A deployment writes to its EVENTS dataset and never to this table.
CREATE TABLE local_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  written_at TEXT NOT NULL,
  event TEXT NOT NULL,
  site_id TEXT NOT NULL,
  locale TEXT NOT NULL,
  blobs TEXT NOT NULL,
  value REAL NOT NULL
);
CREATE INDEX local_events_by_event ON local_events (event, written_at);
