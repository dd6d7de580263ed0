// Sessions: a guest session on the token call or when something needs one, nothing on an anonymous page,
// renewal through a refresh token that rotates on use, a revoked family when a rotated token comes back,
// and a fresh guest session (never an error) for any cookie that cannot be honoured.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { REFRESH_COOKIE, SESSION_COOKIE, SESSION_HINT_COOKIE } from '../../src/shared/api/session.ts';
import { CART_COUNT_COOKIE } from '../../src/shared/commerce/cart-count.ts';
import { challengeOf } from '../../src/worker/commerce/identity/authorization-codes.ts';
import { sessionKeys } from '../../src/worker/commerce/identity/keys.ts';
import { signSession } from '../../src/worker/commerce/identity/session-token.ts';
import { SHOWN_MEDIA } from '../../src/worker/commerce/social/social-photos.ts';
import { getJson, ORIGIN, one, request } from './helpers.ts';
import { signedIn, verifier } from './identity.ts';

type Json = Record<string, any>;

/** The cookies a response sets, by name, with their attributes. */
function setCookies(response: Response): Map<string, { value: string; attributes: string }> {
  const cookies = new Map<string, { value: string; attributes: string }>();
  for (const line of response.headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    cookies.set(pair.slice(0, eq).trim(), { value: pair.slice(eq + 1), attributes: attributes.join(';') });
  }
  return cookies;
}

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

async function guestToken(cookie?: string) {
  const response = await request('/api/token/v2/auth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    body: '{"type":"guest"}',
  });
  return { response, body: (await response.json()) as Json, cookies: setCookies(response) };
}

async function guestSession() {
  const { body, cookies } = await guestToken();
  return { usid: body.usid as string, session: cookies.get(SESSION_COOKIE)?.value as string, refresh: cookies.get(REFRESH_COOKIE)?.value as string };
}

describe('a guest session', () => {
  it('is not minted for an anonymous page, which sets no cookie', async () => {
    const response = await request('/en-us/c/mens-boots-27713');
    expect(response.status).toBe(200);
    expect(
      response.headers.getSetCookie().filter((c) => [SESSION_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE].some((name) => c.startsWith(`${name}=`))),
    ).toEqual([]);
  });

  it('comes from the token call, in HttpOnly cookies, with a hint islands can read', async () => {
    const { response, body, cookies } = await guestToken();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({ type: 'guest', expiresIn: 600 });
    expect(body.usid).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(body)).not.toMatch(/eyJ|rt_/);
    expect(cookies.get(SESSION_COOKIE)?.attributes).toMatch(/HttpOnly/i);
    expect(cookies.get(SESSION_COOKIE)?.attributes).toMatch(/SameSite=Lax/i);
    expect(cookies.get(REFRESH_COOKIE)?.value).toMatch(/^rt_[\w-]{43}$/);
    expect(cookies.get(REFRESH_COOKIE)?.attributes).toMatch(/HttpOnly/i);
    expect(cookies.get(SESSION_HINT_COOKIE)).toMatchObject({ value: 'g' });
    expect(cookies.get(SESSION_HINT_COOKIE)?.attributes).not.toMatch(/HttpOnly/i);
    // The refresh token is kept only as a hash.
    const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM refresh_tokens WHERE token_hash = ?1')
      .bind(cookies.get(REFRESH_COOKIE)?.value)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it('is kept when the token call comes again with it', async () => {
    const first = await guestSession();
    const again = await guestToken(cookieHeader({ [SESSION_COOKIE]: first.session }));
    expect(again.body.usid).toBe(first.usid);
    expect(again.cookies.size).toBe(0);
  });

  it('refuses other bodies on the token call with a coded error', async () => {
    const response = await getJson<Json>('/api/token/v2/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: '{"type":"admin"}',
    });
    expect(response.status).toBe(400);
    expect(response.body.errorId).toBe('API400');
  });
});

describe('a session cookie that cannot be honoured', () => {
  it('gives a fresh guest session, never an error: tampered, malformed, expired, wrong key', async () => {
    const { session } = await guestSession();
    const keys = await sessionKeys(env);
    const expired = await signSession(keys, { usid: 'old-usid', type: 'registered', consumerNo: 'C1' }, 'family', Date.now() - 3_600_000);
    const otherKey = await signSession(
      await sessionKeys({ SESSION_SECRET: 'another-secret-of-at-least-32-characters!' }),
      { usid: 'x', type: 'registered' },
      'f',
    );
    const tampered = `${session.slice(0, -4)}${session.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    for (const [name, value] of Object.entries({ tampered, malformed: 'not-a-jwt', expired, otherKey, huge: 'a'.repeat(5000) })) {
      const response = await request('/en-us', { headers: { cookie: cookieHeader({ [SESSION_COOKIE]: value }) } });
      expect(response.status, name).toBe(200);
      const cookies = setCookies(response);
      expect(cookies.get(SESSION_COOKIE)?.value, name).toMatch(/^eyJ/);
      expect(cookies.get(SESSION_HINT_COOKIE)?.value, name).toBe('g');
    }
  });

  it('on an API call is a guest session there too, not a 500', async () => {
    const { body, response } = await guestToken(cookieHeader({ [SESSION_COOKIE]: 'x.y.z', [REFRESH_COOKIE]: 'rt_nonsense' }));
    expect(response.status).toBe(200);
    expect(body.type).toBe('guest');
  });
});

describe('renewal', () => {
  it('rotates the refresh token and keeps the usid', async () => {
    const first = await guestSession();
    const renewed = await request('/en-us', { headers: { cookie: cookieHeader({ [REFRESH_COOKIE]: first.refresh }) } });
    const cookies = setCookies(renewed);
    const refresh = cookies.get(REFRESH_COOKIE)?.value as string;
    expect(refresh).toMatch(/^rt_/);
    expect(refresh).not.toBe(first.refresh);
    const token = await guestToken(cookieHeader({ [SESSION_COOKIE]: cookies.get(SESSION_COOKIE)?.value as string }));
    expect(token.body.usid).toBe(first.usid);
  });

  it('still renews from a refresh token kept under its name before the __Host- prefix, and clears the old names', async () => {
    const first = await guestSession();
    const cookies = setCookies(await request('/en-us', { headers: { cookie: `cairn_refresh=${first.refresh}; cairn_hint=g; cairn_cart=2` } }));
    expect(cookies.get(REFRESH_COOKIE)?.value).toMatch(/^rt_/);
    for (const old of ['cairn_refresh', 'cairn_hint', 'cairn_cart']) expect(cookies.get(old)?.value, old).toBe('');
    const again = await guestToken(cookieHeader({ [SESSION_COOKIE]: cookies.get(SESSION_COOKIE)?.value as string }));
    expect(again.body.usid).toBe(first.usid);
  });

  it('revokes the whole family when a rotated refresh token comes back later', async () => {
    const first = await guestSession();
    const renewed = setCookies(await request('/en-us', { headers: { cookie: cookieHeader({ [REFRESH_COOKIE]: first.refresh }) } }));
    const successor = renewed.get(REFRESH_COOKIE)?.value as string;
    // Past the few seconds two tabs may race in: this is a copy of the token in someone else's hands.
    await env.DB.prepare("UPDATE refresh_tokens SET used_at = '2000-01-01T00:00:00.000Z' WHERE used_at IS NOT NULL").run();
    const stolen = await guestToken(cookieHeader({ [REFRESH_COOKIE]: first.refresh }));
    expect(stolen.body.usid).not.toBe(first.usid);
    const victim = await guestToken(cookieHeader({ [REFRESH_COOKIE]: successor }));
    expect(victim.body.usid).not.toBe(first.usid);
  });

  it('lets two tabs renew at once without revoking anything', async () => {
    const first = await guestSession();
    const [a, b] = await Promise.all(
      [1, 2].map(() => request('/en-us', { headers: { cookie: cookieHeader({ [REFRESH_COOKIE]: first.refresh }) } }).then((r) => setCookies(r))),
    );
    const winners = [a, b].filter((cookies) => cookies?.get(REFRESH_COOKIE));
    expect(winners).toHaveLength(1);
    const successor = winners[0]?.get(REFRESH_COOKIE)?.value as string;
    const later = setCookies(await request('/en-us', { headers: { cookie: cookieHeader({ [REFRESH_COOKIE]: successor }) } }));
    const again = await guestToken(cookieHeader({ [SESSION_COOKIE]: later.get(SESSION_COOKIE)?.value as string }));
    expect(again.body.usid).toBe(first.usid);
  });

  it('does not rotate on an API read, which a shared cache may keep', async () => {
    const first = await guestSession();
    const read = await request('/api/publish/caas/v1/menu/US', { headers: { cookie: cookieHeader({ [REFRESH_COOKIE]: first.refresh }) } });
    expect(read.headers.get('cache-control')).toMatch(/public/);
    expect(read.headers.getSetCookie()).toEqual([]);
    // The refresh token is still good for the next page.
    expect(setCookies(await request('/en-us', { headers: { cookie: cookieHeader({ [REFRESH_COOKIE]: first.refresh }) } })).get(REFRESH_COOKIE)).toBeDefined();
  });
});

describe('a public answer', () => {
  it('never uses the refresh token, so the shopper is still signed in after the reuse window', async () => {
    const { cookie } = await signedIn('leo.loyalty@cairn.test', DEMO_PASSWORD, '198.18.23.20');
    const refresh = cookie.split('; ').find((part) => part.startsWith(`${REFRESH_COOKIE}=`)) as string;
    const photo = await one<{ media_id: string; object_key: string }>(`SELECT m.media_id, m.object_key FROM social_media m WHERE ${SHOWN_MEDIA} LIMIT 1`);
    await env.MEDIA.put(photo.object_key, new Uint8Array([137, 80, 78, 71]), { httpMetadata: { contentType: 'image/png' } });
    // The session token has expired (only the refresh token comes): each of these could have renewed it.
    for (const path of ['/robots.txt', '/sitemap.xml', `/media/social/${photo.media_id}`]) {
      const answer = await request(path, { headers: { cookie: refresh } });
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('cache-control'), path).toMatch(/\bpublic\b/);
      expect(answer.headers.getSetCookie(), path).toEqual([]);
    }
    // Past the window two tabs may race in, where a used token would count as stolen.
    await env.DB.prepare("UPDATE refresh_tokens SET used_at = '2000-01-01T00:00:00.000Z' WHERE used_at IS NOT NULL").run();
    const page = setCookies(await request('/en-us', { headers: { cookie: refresh } }));
    expect(page.get(SESSION_HINT_COOKIE)?.value).toMatch(/^r/);
    expect(page.get(REFRESH_COOKIE)?.value).toMatch(/^rt_/);
  });
});

describe('the store’s cookies in production', () => {
  /** The deployed worker, reached over plain http (a proxy in front, or "Always Use HTTPS" off). */
  async function production(path: string, init: RequestInit = {}): Promise<Response> {
    const { createApp } = await import('../../src/worker/app.ts');
    const headers = { 'content-type': 'application/json', origin: 'http://store.test', 'cf-connecting-ip': '198.18.23.30', ...init.headers };
    return createApp().request(`http://store.test${path}`, { method: 'POST', ...init, headers }, { ...env, ENVIRONMENT: 'production', BOT_CHECK: 'pass' });
  }

  function expectHostCookies(response: Response, names: string[]): void {
    const lines = response.headers.getSetCookie();
    for (const name of names) {
      const line = lines.find((candidate) => candidate.startsWith(`${name}=`));
      expect(line, name).toBeDefined();
      expect(name).toMatch(/^__Host-/);
      expect(line, name).toMatch(/;\s*Secure(;|$)/i);
      expect(line, name).toMatch(/;\s*Path=\/(;|$)/i);
      expect(line, name).not.toMatch(/;\s*Domain=/i);
    }
  }

  it('carry the __Host- prefix and Secure whatever the request URL says', async () => {
    const guest = await production('/api/token/v2/auth/token', { body: '{}' });
    expect(guest.status).toBe(200);
    expectHostCookies(guest, [SESSION_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE]);

    const codeVerifier = verifier();
    const signIn = await production('/api/consumers-v3/auth/signin', {
      body: JSON.stringify({ username: 'ada.athlete@cairn.test', password: DEMO_PASSWORD, codeChallenge: await challengeOf(codeVerifier) }),
    });
    expect(signIn.status).toBe(200);
    const { authorizationCode } = (await signIn.json()) as Json;
    const token = await production('/api/token/v2/auth/token', { body: JSON.stringify({ authorizationCode, codeVerifier }) });
    expect(token.status).toBe(200);
    expectHostCookies(token, [SESSION_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE, CART_COUNT_COOKIE]);

    const cookie = token.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const out = await production('/api/consumers-v3/consumer/auth/signout', { body: '{}', headers: { cookie } });
    expect(out.status).toBe(200);
    expectHostCookies(out, [SESSION_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE]);
  });
});

describe('signing keys', () => {
  it('keep verifying sessions signed with the previous key during a rotation', async () => {
    const oldSecret = 'the-previous-session-secret-0123456789';
    const signedBefore = await signSession(await sessionKeys({ SESSION_SECRET: oldSecret }), { usid: 'rotating-usid', type: 'guest' }, 'family-r');
    const rotatedEnv = { ...env, SESSION_SECRET_PREVIOUS: oldSecret };
    const { createApp } = await import('../../src/worker/app.ts');
    const response = await createApp().request(
      '/api/token/v2/auth/token',
      { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie: `${SESSION_COOKIE}=${signedBefore}` }, body: '{}' },
      rotatedEnv,
    );
    expect(((await response.json()) as Json).usid).toBe('rotating-usid');
    // Without the previous key it is a stranger's token: a new guest.
    const without = await createApp().request(
      '/api/token/v2/auth/token',
      { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie: `${SESSION_COOKIE}=${signedBefore}` }, body: '{}' },
      env,
    );
    expect(((await without.json()) as Json).usid).not.toBe('rotating-usid');
  });
});
