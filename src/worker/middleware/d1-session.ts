// D1 read replication (the operations issue, Shard; docs/scaling.md). Every request reads the database through
// one D1 session, so its queries are sequentially consistent wherever they run:
// - a change (any method but GET and HEAD) starts at the primary, so limits, stock and money are read where they
//   are written, and answers the session's bookmark in a cookie;
// - a read with that cookie starts at a copy at least as new as the bookmark: a shopper always reads their own
//   writes, on this device;
// - any other read (most of the traffic: anonymous catalog and content pages) starts at the nearest copy,
//   however far behind the primary it is (usually well under a second).
// What runs outside a request (the Durable Objects, the Cron Trigger, queue consumers) uses the binding itself:
// the primary.

import type { MiddlewareHandler } from 'hono';
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

/** The binding's shape over a session: the code below takes a D1Database and never knows the difference. */
export function sessionDatabase(db: D1Database, session: D1DatabaseSession): D1Database {
  return {
    prepare: (query) => session.prepare(query),
    batch: (statements) => session.batch(statements),
    // Schema statements belong to migrations, run against the primary.
    exec: (query) => db.exec(query),
    withSession: (constraint) => db.withSession(constraint),
    dump: () => db.dump(),
  };
}

export function d1Sessions(): MiddlewareHandler<AppEnv> {
  return async function d1SessionMiddleware(c, next) {
    const start = sessionStart(c.req.method, getCookie(c, D1_BOOKMARK_COOKIE));
    const session = c.env.DB.withSession(start);
    // A copy per request: the env object itself is shared by every request of the isolate.
    c.env = { ...c.env, DB: sessionDatabase(c.env.DB, session) };
    await next();
    const bookmark = session.getBookmark();
    // A change that was refused wrote nothing to read back. A cacheable page never sets a cookie; an answer that
    // already does (a session renewed, a consent given) is private anyway, and what it wrote must be read back.
    const changed = (start === 'first-primary' && c.res.status < 400) || c.res.headers.has('set-cookie');
    if (bookmark && bookmark !== start && BOOKMARK.test(bookmark) && changed) {
      setCookie(c, D1_BOOKMARK_COOKIE, bookmark, { ...STORE_COOKIE, httpOnly: true, maxAge: BOOKMARK_SECONDS });
    }
  };
}
