-- Consumers (account-content §3, consumer profile): who can sign in, with their profile, roles and
-- preferences. Passwords are PBKDF2 hashes with their own salt and iteration count.

CREATE TABLE consumers (
  consumer_no TEXT PRIMARY KEY,                 -- C followed by ten digits
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  consumer_type TEXT NOT NULL DEFAULT 'REGISTERED' CHECK (consumer_type IN ('REGISTERED', 'EMPLOYEE')),
  site_id TEXT NOT NULL REFERENCES sites(id),
  locale TEXT NOT NULL,
  first_name TEXT,
  last_name TEXT,
  phone TEXT,
  phone_code TEXT,
  postal_code TEXT,
  birth_date TEXT,                              -- YYYY-MM-DD
  gender TEXT,
  member_id TEXT UNIQUE,                        -- loyalty member id, when a member
  loyalty_opt_in_date TEXT,
  loyalty_points INTEGER NOT NULL DEFAULT 0,
  identities TEXT NOT NULL DEFAULT '[]',        -- JSON list of WRANX, IPA
  athlete_current_spend INTEGER,                -- minor units; present only for athletes
  athlete_annual_credit INTEGER,
  employee_current_spend INTEGER,               -- present only for employees
  employee_annual_cap INTEGER,
  prosumer_current_spend INTEGER,               -- present only for pro-program members
  prosumer_annual_credit INTEGER,
  interests TEXT,                               -- pipe-separated
  preferred_shoe_size TEXT,
  employee_terms_accepted_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- Email and SMS subscriptions (commerce-core §3, Subscription).
CREATE TABLE subscriptions (
  consumer_no TEXT NOT NULL REFERENCES consumers(consumer_no),
  type TEXT NOT NULL CHECK (type IN ('Newsletter', 'LoyaltyNewsletter', 'Loyalty')),
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  optin INTEGER NOT NULL,
  double_optin INTEGER NOT NULL DEFAULT 0,
  optin_date TEXT,
  optout_date TEXT,
  PRIMARY KEY (consumer_no, type, channel)
);
