-- The athlete allowance is spent in the order's batch, from what the review showed. Two orders placed at
-- the same moment each passed the review's check and together spent past the year's credit; the batch
-- that would pass it now aborts, as stock, points and gift card balances do.
CREATE TRIGGER consumers_athlete_within_credit BEFORE UPDATE OF athlete_current_spend ON consumers
WHEN NEW.athlete_current_spend > NEW.athlete_annual_credit AND NEW.athlete_current_spend > OLD.athlete_current_spend
BEGIN SELECT RAISE(ABORT, 'athlete allowance exceeded'); END;
