-- Where an account began: the store whose associate created it at the till (NULL for a sign-up online),
-- and the employee who did, so a store's sign-ups can be counted and a disputed account traced.
ALTER TABLE consumers ADD COLUMN acquisition_store TEXT REFERENCES stores(id);
ALTER TABLE consumers ADD COLUMN acquisition_employee TEXT;
