import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../env.ts';
import { D1_BOOKMARK_COOKIE, d1Sessions, sessionStart } from './d1-session.ts';

const BOOKMARK = '0000007a-00000003-00004f5a-6b1b0c0c9d3f2a81';
const NEWER = '0000007a-00000004-00004f5b-1c2d3e4f5a6b7c8d';

/**
 * A D1 binding that records where each session starts and which statements ran on the binding itself (the
 * primary); a session answers `after` as its bookmark once it has run a query.
 */
function recordingDb(after: string | null) {
  const starts: string[] = [];
  const onPrimary: string[] = [];
  const statement = (record: () => void) => {
    const s = {
      bind: () => s,
      first: async () => {
        record();
        return { n: 1 };
      },
      run: async () => {
        record();
        return {};
      },
      all: async () => ({ results: [] }),
    };
    return s;
  };
  const db = {
    prepare: (sql: string) => statement(() => onPrimary.push(sql)),
    batch: async () => [],
    withSession(start: string) {
      starts.push(start);
      let used = false;
      return {
        prepare: () =>
          statement(() => {
            used = true;
          }),
        batch: async () => [],
        getBookmark: () => (used ? after : null),
      };
    },
  };
  return { starts, onPrimary, db: db as unknown as D1Database };
}

function appWith(options: { write?: boolean; setCookie?: boolean; status?: 200 | 409 } = {}) {
  const app = new Hono<AppEnv>();
  app.use(d1Sessions());
  app.all('/work', async (c) => {
    await c.env.DB.prepare('SELECT 1 AS n').first();
    if (options.write) await c.env.DB.prepare('UPDATE inventory SET quantity = quantity - 1 WHERE variant_id = ?1').bind('v').run();
    if (options.setCookie) c.header('set-cookie', 'other=1');
    return c.text('ok', options.status ?? 200);
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

  it('run a change on the primary and hand its bookmark to the next read, which starts where the change left the database', async () => {
    const { starts, onPrimary, db } = recordingDb(NEWER);
    const changed = await appWith({ write: true }).request('/work', { method: 'POST' }, { DB: db });
    expect(onPrimary).toEqual(['SELECT 1 AS n', 'UPDATE inventory SET quantity = quantity - 1 WHERE variant_id = ?1']);
    // The bookmark is the primary's, read once after the change.
    expect(starts).toEqual(['first-primary']);
    expect(bookmarkCookie(changed)).toMatch(new RegExp(`^${D1_BOOKMARK_COOKIE}=${NEWER}; Max-Age=300; Path=/; HttpOnly; Secure; SameSite=Lax$`));
    await appWith().request('/work', { headers: { cookie: `${D1_BOOKMARK_COOKIE}=${NEWER}` } }, { DB: db });
    expect(starts).toEqual(['first-primary', NEWER]);
  });

  it('answer no bookmark for a change that wrote nothing or was refused', async () => {
    const { starts, db } = recordingDb(NEWER);
    expect(bookmarkCookie(await appWith().request('/work', { method: 'POST' }, { DB: db }))).toBeUndefined();
    expect(bookmarkCookie(await appWith({ write: true, status: 409 }).request('/work', { method: 'POST' }, { DB: db }))).toBeUndefined();
    expect(starts).toEqual([]);
  });

  it('set no cookie on a read that sets none, so a cacheable page stays cacheable', async () => {
    const { starts, db } = recordingDb(NEWER);
    const read = await appWith().request('/work', {}, { DB: db });
    expect(read.headers.get('set-cookie')).toBeNull();
    expect(starts).toEqual(['first-unconstrained']);
    // A read that changes cookies (a session renewed) is private already, and what it wrote must be read back.
    const renewed = await appWith({ setCookie: true }).request('/work', {}, { DB: db });
    expect(bookmarkCookie(renewed)).toBeDefined();
  });

  it('keep the shared binding untouched: each request has its own', async () => {
    const { db } = recordingDb(NEWER);
    const env = { DB: db };
    await appWith({ write: true }).request('/work', { method: 'POST' }, env);
    await appWith().request('/work', {}, env);
    expect(env.DB).toBe(db);
  });
});
