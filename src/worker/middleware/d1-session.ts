// D1 read replication (the operations issue, Shard; docs/scaling.md):
// - a read (GET, HEAD) goes through one D1 session, so its queries are sequentially consistent wherever they run.
//   With the bookmark cookie it starts at a copy at least as new as the bookmark: a shopper always reads their own
//   writes, on this device. Without it (most of the traffic: anonymous catalog and content pages) it starts at the
//   nearest copy, however far behind the primary it is (usually well under a second);
// - a change (any other method) uses the binding itself, the primary, so limits, stock and money are read where
//   they are written. When it wrote, it answers the primary's bookmark in the cookie. The bookmark is read once at
//   the end rather than by running the change in a session: a session's queries carry and return a bookmark each,
//   which cost an order a fifth of its throughput on the bench.
// What runs outside a request (the Durable Objects, the Cron Trigger, queue consumers) uses the binding: the primary.

import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env.ts';
import { STORE_COOKIE } from '../lib/store-cookies.ts';

export const D1_BOOKMARK_COOKIE = '__Host-cairn_d1';
/** Long enough for any copy to have caught up; a stale cookie only makes a read wait for a copy that has. */
const BOOKMARK_SECONDS = 5 * 60;
/** A D1 bookmark: hexadecimal parts joined by dashes. Anything else is ignored, never passed to D1. */
const BOOKMARK = /^[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){1,8}$/i;

/** Where a request's session starts: the primary for a change, the shopper's bookmark, else any copy. */
export function sessionStart(method: string, bookmark: string | undefined): D1SessionConstraint | D1SessionBookmark {
  if (method !== 'GET' && method !== 'HEAD') return 'first-primary';
  return bookmark && BOOKMARK.test(bookmark) ? bookmark : 'first-unconstrained';
}

/** The binding's shape with `run` answering its statements; schema work (migrations) and sessions stay the binding's. */
function databaseOver(db: D1Database, run: Pick<D1Database, 'prepare' | 'batch'>): D1Database {
  return {
    prepare: (query) => run.prepare(query),
    batch: (statements) => run.batch(statements),
    exec: (query) => db.exec(query),
    withSession: (constraint) => db.withSession(constraint),
    dump: () => db.dump(),
  };
}

/** The binding's shape over a session: the code below takes a D1Database and never knows the difference. */
export function sessionDatabase(db: D1Database, session: D1DatabaseSession): D1Database {
  return databaseOver(db, session);
}

const WRITE = /^\s*(INSERT|UPDATE|DELETE|REPLACE|WITH)\b/i;

/** The binding, noting whether the change prepared a statement that writes (a WITH may: counted as one). */
export function writeNoticingDatabase(db: D1Database, noticed: () => void): D1Database {
  return databaseOver(db, {
    prepare: (query) => {
      if (WRITE.test(query)) noticed();
      return db.prepare(query);
    },
    batch: (statements) => db.batch(statements),
  });
}

/** The primary's bookmark now: at least as new as every write this request committed. */
async function primaryBookmark(db: D1Database): Promise<string | null> {
  const marker = db.withSession('first-primary');
  await marker.prepare('SELECT 1').first();
  return marker.getBookmark();
}

function setBookmark(c: Context<AppEnv>, bookmark: string | null, start: string): void {
  if (bookmark && bookmark !== start && BOOKMARK.test(bookmark)) {
    setCookie(c, D1_BOOKMARK_COOKIE, bookmark, { ...STORE_COOKIE, httpOnly: true, maxAge: BOOKMARK_SECONDS });
  }
}

export function d1Sessions(): MiddlewareHandler<AppEnv> {
  return async function d1SessionMiddleware(c, next) {
    const start = sessionStart(c.req.method, getCookie(c, D1_BOOKMARK_COOKIE));
    const binding = c.env.DB;
    if (start === 'first-primary') {
      let wrote = false;
      // A copy per request: the env object itself is shared by every request of the isolate.
      c.env = {
        ...c.env,
        DB: writeNoticingDatabase(binding, () => {
          wrote = true;
        }),
      };
      await next();
      // A change that was refused wrote nothing to read back (its writes, if any, were undone or are the refusal's own).
      if (wrote && c.res.status < 400) setBookmark(c, await primaryBookmark(binding), start);
      return;
    }
    const session = binding.withSession(start);
    c.env = { ...c.env, DB: sessionDatabase(binding, session) };
    await next();
    // A cacheable page never sets a cookie; a read that does (a session renewed) is private anyway, and what it wrote must be read back.
    if (c.res.headers.has('set-cookie')) setBookmark(c, session.getBookmark(), start);
  };
}
