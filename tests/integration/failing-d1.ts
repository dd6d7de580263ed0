// D1 as the worker sees it when the database cannot answer some statements (a lost connection, an overloaded
// primary): every statement whose SQL matches `at` fails as D1 fails, alone or in a batch; the rest run on the
// test's real database. For the store's answers to a database that is down, and what they leave behind.

import { env } from 'cloudflare:workers';
import { sessionOver } from './session-double.ts';

export function failingD1(at: RegExp, failure = 'D1_ERROR: Network connection lost.'): D1Database & { failures: number } {
  let failures = 0;
  const fail = () => {
    failures += 1;
    return Promise.reject(new Error(failure));
  };
  const sqlOf = new WeakMap<D1PreparedStatement, string>();
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, key) {
        if (key === 'bind') return (...values: unknown[]) => wrap(target.bind(...values), sql);
        if ((key === 'run' || key === 'first' || key === 'all' || key === 'raw') && at.test(sql)) return fail;
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
      if (key === 'failures') return failures;
      if (key === 'prepare') return (sql: string) => wrap(target.prepare(sql), sql);
      if (key === 'batch')
        return (statements: D1PreparedStatement[]) => (statements.some((s) => at.test(sqlOf.get(s) ?? '')) ? fail() : target.batch(statements));
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as D1Database & { failures: number };
}
