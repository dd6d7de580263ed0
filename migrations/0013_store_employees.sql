-- In-store associates (account-content §3, buy-in-store session): who may connect a store device to sell
-- on a shopper's behalf. Each signs in with their employee number and a PIN, hashed like a password.

CREATE TABLE store_employees (
  store_id TEXT NOT NULL REFERENCES stores(id),
  employee_id TEXT NOT NULL,           -- the badge number, "E" and five digits
  display_name TEXT NOT NULL,          -- as shoppers see it: first name and initial
  pin_hash TEXT NOT NULL,              -- PBKDF2-SHA256, as passwords
  active INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (store_id, employee_id)
);
