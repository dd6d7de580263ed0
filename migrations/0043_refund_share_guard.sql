-- Two refunds of one order settled at the same moment each shared themselves out from the tenders as they
-- had read them, and together took back from the card twice what it paid (the gift card got nothing). The
-- settling is now one refund at a time per order (after-sales.ts); and no statement may record more given
-- back from a tender than it paid, so a share computed from a stale read aborts its batch instead.
CREATE TRIGGER order_payments_released_within_amount BEFORE UPDATE OF released ON order_payments
WHEN NEW.released > NEW.amount
BEGIN SELECT RAISE(ABORT, 'refund share past what the tender paid'); END;
