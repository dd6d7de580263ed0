import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../env.ts';
import { D1_BOOKMARK_COOKIE, d1Sessions, sessionStart } from './d1-session.ts';

const BOOKMARK = '0000007a-00000003-00004f5a-6b1b0c0c9d3f2a81';
const NEWER = '0000007a-00000004-00004f5b-1c2d3e4f5a6b7c8d';

/** A D1 binding that records where each session starts and answers `after` as the session's bookmark once it is used. */
function recordingDb(after: string | null) {
  const starts: string[] = [];
  const statement = { bind: () => statement, first: async () => ({ n: 1 }), run: async () => ({}), all: async () => ({ results: [] }) };
  const db = {
    withSession(start: string) {
      starts.push(start);
      let used = false;
      return {
        prepare: () => {
          used = true;
          return statement;
        },
        batch: async () => [],
        getBookmark: () => (used ? after : null),
      };
    },
  };
  return { starts, db: db as unknown as D1Database };
}

function appWith(setCookie = false) {
  const app = new Hono<AppEnv>();
  app.use(d1Sessions());
  app.all('/read', async (c) => {
    await c.env.DB.prepare('SELECT 1 AS n').first();
    if (setCookie) c.header('set-cookie', 'other=1');
    return c.text('ok');
  });
  return app;
}

const bookmarkCookie = (response: Response) => response.headers.getSetCookie().find((line) => line.startsWith(`${D1_BOOKMARK_COOKIE}=`));

describe('D1 sessions', () => {
  it('start a change at the primary, a read at its bookmark, any other read anywhere', () => {
    expect(sessionStart('POST', BOOKMARK)).toBe('first-primary');
    expect(sessionStart('DELETE', undefined)).toBe('first-primary');
    expect(sessionStart('GET', BOOKMARK)).toBe(BOOKMARK);
    expect(sessionStart('HEAD', undefined)).toBe('first-unconstrained');
    // A forged value never reaches D1.
    expect(sessionStart('GET', 'first-primary')).toBe('first-unconstrained');
    expect(sessionStart('GET', "x'; DROP TABLE orders")).toBe('first-unconstrained');
  });

  it('hand a change’s bookmark to the next read, which starts where the change left the database', async () => {
    const { starts, db } = recordingDb(NEWER);
    const app = appWith();
    const changed = await app.request('/read', { method: 'POST' }, { DB: db });
    const cookie = bookmarkCookie(changed);
    expect(cookie).toMatch(new RegExp(`^${D1_BOOKMARK_COOKIE}=${NEWER}; Max-Age=300; Path=/; HttpOnly; Secure; SameSite=Lax$`));
    await app.request('/read', { headers: { cookie: `${D1_BOOKMARK_COOKIE}=${NEWER}` } }, { DB: db });
    expect(starts).toEqual(['first-primary', NEWER]);
  });

  it('set no cookie on a read that sets none, so a cacheable page stays cacheable', async () => {
    const { starts, db } = recordingDb(NEWER);
    const read = await appWith().request('/read', {}, { DB: db });
    expect(read.headers.get('set-cookie')).toBeNull();
    expect(starts).toEqual(['first-unconstrained']);
    // A read that changes cookies (a session renewed) is private already, and what it wrote must be read back.
    const renewed = await appWith(true).request('/read', {}, { DB: db });
    expect(bookmarkCookie(renewed)).toBeDefined();
  });

  it('keep the shared binding untouched: each request has its own session', async () => {
    const { db } = recordingDb(NEWER);
    const env = { DB: db };
    await appWith().request('/read', { method: 'POST' }, env);
    expect(env.DB).toBe(db);
  });
});
