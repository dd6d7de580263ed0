// D1 as the worker sees it when the database cannot answer some statements (a lost connection, an overloaded
// primary): every statement whose SQL matches `at` fails as D1 fails, alone or in a batch; the rest run on the
// test's real database. For the store's answers to a database that is down, and what they leave behind.

import { hookedD1 } from './d1-double.ts';

export function failingD1(at: RegExp, failure = 'D1_ERROR: Network connection lost.'): D1Database & { failures: number } {
  let failures = 0;
  const db = hookedD1((sqls) => {
    if (!sqls.some((sql) => at.test(sql))) return;
    failures += 1;
    throw new Error(failure);
  });
  return new Proxy(db, { get: (target, key) => (key === 'failures' ? failures : Reflect.get(target, key)) }) as D1Database & { failures: number };
}
