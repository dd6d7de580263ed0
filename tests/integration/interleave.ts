// Another request's writes landing at a chosen moment of this one: D1 as a service sees it, with `meanwhile`
// run once just before the first statement (alone or in a batch) whose SQL matches `at`. A race between two
// requests then happens in the order a test names, every run, rather than when the timing allows.

import { env } from 'cloudflare:workers';
import { sessionOver } from './session-double.ts';

export function interleaved(at: RegExp, meanwhile: () => Promise<unknown>): D1Database {
  let pending: (() => Promise<unknown>) | null = meanwhile;
  const before = async (sql: string) => {
    if (pending && at.test(sql.trim())) {
      const run = pending;
      pending = null;
      await run();
    }
  };
  const sqlOf = new WeakMap<D1PreparedStatement, string>();
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, key) {
        if (key === 'bind') return (...values: unknown[]) => wrap(target.bind(...values), sql);
        if (key === 'run' || key === 'first' || key === 'all' || key === 'raw')
          return async (...args: unknown[]) => {
            await before(sql);
            return (target[key] as (...a: unknown[]) => unknown).apply(target, args);
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
          for (const statement of statements) await before(sqlOf.get(statement) ?? '');
          return target.batch(statements);
        };
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
