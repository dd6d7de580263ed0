-- Customer service cases (the store services issue, §3): messages from the contact form and warranty
-- claims, each with a case number the shopper is given, and a claim's photos (in the MEDIA bucket).
CREATE TABLE support_cases (
  case_number TEXT PRIMARY KEY,              -- CS-20261125-7KQ2M
  kind TEXT NOT NULL CHECK (kind IN ('contact', 'warranty')),
  site_id TEXT NOT NULL REFERENCES sites(id),
  locale TEXT NOT NULL,
  consumer_no TEXT REFERENCES consumers(consumer_no),
  email TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  phone TEXT,
  category TEXT NOT NULL,
  subject TEXT NOT NULL,
  order_number TEXT,
  style_id TEXT REFERENCES styles(id),       -- a warranty claim's product
  product_name TEXT,
  message TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
  created_at TEXT NOT NULL
);
CREATE INDEX support_cases_consumer ON support_cases(consumer_no, created_at);
CREATE INDEX support_cases_status ON support_cases(status, created_at);

CREATE TABLE support_case_photos (
  case_number TEXT NOT NULL REFERENCES support_cases(case_number) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position BETWEEN 1 AND 3),
  object_key TEXT NOT NULL,
  content_type TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  PRIMARY KEY (case_number, position)
);
