-- A precondition inside a batch (D1 runs a batch as one transaction): inserting a row whose `ok` is 0
-- aborts the whole batch, and a row whose `ok` is 1 is skipped, so the table stays empty. A write that
-- must not land after something changed it (a closed account, an address already gone) starts its batch
-- with INSERT INTO write_guards (ok) SELECT <still true>.
CREATE TABLE write_guards (ok INTEGER NOT NULL);
CREATE TRIGGER write_guards_hold BEFORE INSERT ON write_guards WHEN NEW.ok = 1 BEGIN SELECT RAISE(IGNORE); END;
CREATE TRIGGER write_guards_refuse BEFORE INSERT ON write_guards WHEN NEW.ok <> 1 BEGIN SELECT RAISE(ABORT, 'write guard refused'); END;
