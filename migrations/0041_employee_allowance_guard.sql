-- The employee discount's yearly allowance is counted in the order's batch, as the athlete allowance is
-- spent (0040). It was counted once the order was paid: orders placed at the same moment were each priced
-- while some allowance was left and all took the discount (an attack test placed 6 of 6 with 1.00 left).
-- Each order now records whether it was priced with the discount and what it counted; the batch of a
-- discounted order aborts once the allowance is used up, and a failed or cancelled order gives its count back.
ALTER TABLE orders ADD COLUMN employee_discount INTEGER NOT NULL DEFAULT 0 CHECK (employee_discount IN (0, 1));
ALTER TABLE orders ADD COLUMN employee_spend INTEGER;

-- Orders counted when they were paid keep their count, so a later cancellation gives it back.
UPDATE orders SET employee_spend = CAST(json_extract(totals, '$.total') AS INTEGER)
WHERE status NOT IN ('placing', 'awaiting_authentication', 'failed', 'cancelled')
  AND consumer_no IN (SELECT consumer_no FROM consumers WHERE employee_current_spend IS NOT NULL);

-- Orders still being paid were not counted yet, and nothing would count them now: count them here.
UPDATE orders SET employee_spend = CAST(json_extract(totals, '$.total') AS INTEGER)
WHERE status IN ('placing', 'awaiting_authentication')
  AND consumer_no IN (SELECT consumer_no FROM consumers WHERE employee_current_spend IS NOT NULL);
UPDATE consumers SET employee_current_spend = employee_current_spend + (
  SELECT COALESCE(SUM(employee_spend), 0) FROM orders o WHERE o.consumer_no = consumers.consumer_no AND o.status IN ('placing', 'awaiting_authentication'))
WHERE employee_current_spend IS NOT NULL;

CREATE TRIGGER orders_employee_discount_within_allowance BEFORE INSERT ON orders
WHEN NEW.employee_discount = 1 AND EXISTS (
  SELECT 1 FROM consumers WHERE consumer_no = NEW.consumer_no AND employee_annual_cap IS NOT NULL AND COALESCE(employee_current_spend, 0) >= employee_annual_cap)
BEGIN SELECT RAISE(ABORT, 'employee allowance used'); END;
