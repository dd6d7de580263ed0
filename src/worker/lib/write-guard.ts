// A batch's precondition (migration 0045): the batch's first statement, which aborts the whole batch when
// `condition` (an SQL expression over the bound values) no longer holds. D1 runs a batch as one
// transaction, so nothing of it lands; the caller tells the refusal from other failures with isGuardRefusal.

export function writeGuard(db: D1Database, condition: string, ...values: unknown[]): D1PreparedStatement {
  return db.prepare(`INSERT INTO write_guards (ok) SELECT CASE WHEN ${condition} THEN 1 ELSE 0 END`).bind(...values);
}

export function isGuardRefusal(error: unknown): boolean {
  return error instanceof Error && error.message.includes('write guard refused');
}

/** Runs the batch behind its guard; a refused guard throws `refusal()` instead of D1's error. */
export async function guardedBatch(db: D1Database, guard: D1PreparedStatement, statements: D1PreparedStatement[], refusal: () => Error): Promise<void> {
  try {
    await db.batch([guard, ...statements]);
  } catch (error) {
    if (isGuardRefusal(error)) throw refusal();
    throw error;
  }
}
