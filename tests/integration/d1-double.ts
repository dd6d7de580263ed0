// D1 as the worker sees it, with a hook ahead of every statement that reaches the database (alone, or the whole
// list of a batch): the base of the tests' doubles (interleave.ts, failing-d1.ts, the cost count). What the hook
// throws or rejects with is what the statement answers; otherwise the statement runs on the test's real database.
// Every request reads through a D1 session of its binding (src/worker/middleware/d1-session.ts), so the double's
// sessions go through the hook too.

import { env } from 'cloudflare:workers';

export type StatementHook = (sqls: readonly string[]) => void | Promise<void>;

export function sessionOver(db: D1Database): D1DatabaseSession {
  return {
    prepare: (sql: string) => db.prepare(sql),
    batch: (statements: D1PreparedStatement[]) => db.batch(statements),
    getBookmark: () => null,
  } as D1DatabaseSession;
}

export function hookedD1(before: StatementHook): D1Database {
  const sqlOf = new WeakMap<D1PreparedStatement, string>();
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, key) {
        if (key === 'bind') return (...values: unknown[]) => wrap(target.bind(...values), sql);
        if (key === 'run' || key === 'first' || key === 'all' || key === 'raw')
          return async (...args: unknown[]) => {
            await before([sql]);
            return Reflect.apply(target[key] as (...a: unknown[]) => unknown, target, args);
          };
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    sqlOf.set(wrapped, sql);
    return wrapped;
  };
  return new Proxy(env.DB, {
    get(target, key, receiver: D1Database) {
      if (key === 'withSession') return () => sessionOver(receiver);
      if (key === 'prepare') return (sql: string) => wrap(target.prepare(sql), sql);
      if (key === 'batch')
        return async (statements: D1PreparedStatement[]) => {
          await before(statements.map((statement) => sqlOf.get(statement) ?? ''));
          return target.batch(statements);
        };
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
