// Another request's writes landing at a chosen moment of this one: D1 as a service sees it, with `meanwhile`
// run once just before the first statement (alone or in a batch) whose SQL matches `at`. A race between two
// requests then happens in the order a test names, every run, rather than when the timing allows.

import { hookedD1 } from './d1-double.ts';

export function interleaved(at: RegExp, meanwhile: () => Promise<unknown>): D1Database {
  let pending: (() => Promise<unknown>) | null = meanwhile;
  return hookedD1(async (sqls) => {
    for (const sql of sqls) {
      if (pending && at.test(sql.trim())) {
        const run = pending;
        pending = null;
        await run();
      }
    }
  });
}
