// Test doubles of D1 (interleave.ts, failing-d1.ts) stand in for the binding, and every request reads through a
// D1 session of it (src/worker/middleware/d1-session.ts): their sessions must go through the double too.

export function sessionOver(db: D1Database): D1DatabaseSession {
  return {
    prepare: (sql: string) => db.prepare(sql),
    batch: (statements: D1PreparedStatement[]) => db.batch(statements),
    getBookmark: () => null,
  } as D1DatabaseSession;
}
