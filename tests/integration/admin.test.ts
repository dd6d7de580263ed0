// The admin API's credentials: named tokens per marketer or operator (hashed in D1, made and revoked by
// operators), the audit's actor taken from the credential, refused attempts audited and rate-limited per
// address, and drafts that were never published deleted on request.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ADMIN_HEADERS, emailTo, getJson, namedAdmin, ORIGIN, request } from './helpers.ts';

type Json = Record<string, any>;

async function lastAudit(subject?: string): Promise<Json> {
  const { body } = await getJson<Json>(`/admin/audit${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`, { headers: ADMIN_HEADERS });
  return body.entries[0];
}

describe('named admin tokens', () => {
  it('makes a token that works at once, shows it once, and keeps only its hash', async () => {
    const made = await getJson<Json>('/admin/tokens', {
      method: 'POST',
      headers: ADMIN_HEADERS,
      body: JSON.stringify({ name: 'ana@cairn.test', role: 'marketer' }),
    });
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(/^crn_[a-z0-9]{16}\.[\w-]{43}$/);
    const row = await env.DB.prepare('SELECT * FROM admin_tokens WHERE id = ?1').bind(made.body.id).first<Json>();
    expect(JSON.stringify(row)).not.toContain(made.body.token.split('.')[1]);
    expect(row?.created_by).toBe('bootstrap (ADMIN_TOKEN)');
    const listed = await getJson<Json>('/admin/tokens', { headers: ADMIN_HEADERS });
    expect(JSON.stringify(listed.body)).not.toContain(made.body.token);
    expect(listed.body.tokens.find((t: Json) => t.id === made.body.id)).toMatchObject({ name: 'ana@cairn.test', role: 'marketer', revokedAt: null });
    const saved = await request('/admin/content', {
      method: 'PUT',
      headers: { ...ADMIN_HEADERS, authorization: `Bearer ${made.body.token}` },
      body: JSON.stringify({ siteId: 'US', locale: 'en-us', kind: 'fragment', key: 'works-at-once', body: { items: [] } }),
    });
    expect(saved.status).toBe(201);
  });

  it('names the credential in the audit, whatever a header claims', async () => {
    const ana = await namedAdmin('ana.actor@cairn.test');
    const saved = await request('/admin/content', {
      method: 'PUT',
      headers: { ...ana.headers, 'x-actor': 'ceo@cairn.test' },
      body: JSON.stringify({ siteId: 'US', locale: 'en-us', kind: 'fragment', key: 'actor-check', body: { items: [] } }),
    });
    expect(saved.status).toBe(201);
    expect(await lastAudit('US:en-us:fragment:actor-check')).toMatchObject({ actor: 'ana.actor@cairn.test', action: 'content.create' });
  });

  it('keeps token management to operators', async () => {
    const marketer = await namedAdmin('mia@cairn.test');
    const refused = await getJson<Json>('/admin/tokens', {
      method: 'POST',
      headers: marketer.headers,
      body: JSON.stringify({ name: 'x@y.z', role: 'operator' }),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.errorId).toBe('API403');
    const operator = await namedAdmin('ops@cairn.test', 'operator');
    const made = await getJson<Json>('/admin/tokens', {
      method: 'POST',
      headers: operator.headers,
      body: JSON.stringify({ name: 'new@cairn.test', role: 'marketer' }),
    });
    expect(made.status).toBe(201);
  });

  it('refuses a revoked token, and says so in the audit', async () => {
    const leaving = await namedAdmin('leaving@cairn.test');
    const revoked = await getJson<Json>(`/admin/tokens/${leaving.id}`, { method: 'DELETE', headers: ADMIN_HEADERS });
    expect(revoked.status).toBe(200);
    expect(await lastAudit(`admin-token:${leaving.id}`)).toMatchObject({ action: 'admin.token_revoke', details: { name: 'leaving@cairn.test' } });
    const after = await request('/admin/audit', { headers: { ...leaving.headers, 'cf-connecting-ip': '198.51.100.40' } });
    expect(after.status).toBe(401);
    expect((await getJson<Json>(`/admin/tokens/${leaving.id}`, { method: 'DELETE', headers: ADMIN_HEADERS })).status).toBe(404);
  });

  it('validates what a token is made for', async () => {
    const bad = await getJson<Json>('/admin/tokens', { method: 'POST', headers: ADMIN_HEADERS, body: JSON.stringify({ name: 'x', role: 'root' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: Json) => d.field)).toEqual(['name', 'role']);
  });
});

describe('operators only', () => {
  // The outbox holds password-reset links: a marketer who could read it could take over any account.
  it('refuses a marketer the outbox and the audit trail, and serves an operator', async () => {
    const email = 'leo.loyalty@cairn.test';
    const asked = await request('/api/consumers-v3/consumer/resetpassword', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': '198.51.100.61' },
      body: JSON.stringify({ email }),
    });
    expect(asked.status).toBeLessThan(300);
    const marketer = await namedAdmin('mallory.marketing@cairn.test');
    for (const path of [`/admin/outbox?to=${encodeURIComponent(email)}`, '/admin/outbox', '/admin/audit', '/admin/audit?subject=x']) {
      const refused = await request(path, { headers: marketer.headers });
      const body = (await refused.json()) as Json;
      expect([refused.status, body.errorId], path).toEqual([403, 'API403']);
      expect(JSON.stringify(body), path).not.toContain('forgot-password?token=');
    }
    const operator = await namedAdmin('olga.ops@cairn.test', 'operator');
    await emailTo(email, 'password-reset');
    const outbox = await getJson<Json>(`/admin/outbox?to=${encodeURIComponent(email)}&limit=1`, { headers: operator.headers });
    expect(outbox.status).toBe(200);
    expect(outbox.body.emails[0].text).toMatch(/forgot-password\?token=/);
    expect((await request('/admin/audit', { headers: operator.headers })).status).toBe(200);
  });
});

describe('refused attempts', () => {
  it('are audited and answered with WWW-Authenticate', async () => {
    const response = await request('/admin/audit', { headers: { authorization: 'Bearer guess', 'cf-connecting-ip': '198.51.100.7' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="cairn-admin", error="invalid_token"');
    expect(await lastAudit('GET /admin/audit')).toMatchObject({
      actor: 'unauthenticated 198.51.100.7',
      action: 'admin.refused',
      details: { reason: 'invalid-token' },
    });
    const none = await request('/admin/audit', { headers: { 'cf-connecting-ip': '198.51.100.7' } });
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="cairn-admin"');
  });

  it('are slowed past a few from one address, then refused with 429 until the window ends', async () => {
    const guess = (address: string, token = 'wrong') =>
      request('/admin/audit', { headers: { authorization: `Bearer ${token}`, 'cf-connecting-ip': address } }).then(async (response) => ({
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: (await response.json()) as Json,
      }));
    const timings: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = Date.now();
      expect((await guess('203.0.113.9')).status).toBe(401);
      timings.push(Date.now() - started);
    }
    // The first three are answered at once; the later ones wait longer and longer.
    expect(Math.max(...timings.slice(0, 3))).toBeLessThan(200);
    expect(timings[3]).toBeGreaterThanOrEqual(250);
    expect(timings[8]).toBeGreaterThanOrEqual(1500);
    const blocked = await guess('203.0.113.9', 'test-admin-token');
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorId).toBe('API429');
    expect(Number(blocked.retryAfter)).toBeGreaterThan(800);
    // Another address is not held back by this one's guesses.
    expect((await guess('203.0.113.10', 'test-admin-token')).status).toBe(200);
  });
});

describe('a burst of guesses', () => {
  it('cannot slip more than the limit past the counter by arriving at once', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 16 }, () =>
        request('/admin/audit', { headers: { authorization: 'Bearer burst', 'cf-connecting-ip': '203.0.113.77' } }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    const audit = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM audit_log WHERE actor = 'unauthenticated 203.0.113.77' AND json_extract(details, '$.reason') = 'rate-limited'",
    ).first<{
      n: number;
    }>();
    expect(audit?.n).toBe(1);
  });

  it('leaves a token unused when its request was refused', async () => {
    const marketer = await namedAdmin('refused@cairn.test');
    expect((await request('/admin/tokens', { headers: marketer.headers })).status).toBe(403);
    const row = await env.DB.prepare('SELECT last_used_at FROM admin_tokens WHERE id = ?1').bind(marketer.id).first<{ last_used_at: string | null }>();
    expect(row?.last_used_at).toBeNull();
  });
});

describe('deleting drafts', () => {
  const ref = (key: string) => `siteId=US&locale=en-us&kind=fragment&key=${key}`;
  const save = (key: string) =>
    request('/admin/content', {
      method: 'PUT',
      headers: ADMIN_HEADERS,
      body: JSON.stringify({ siteId: 'US', locale: 'en-us', kind: 'fragment', key, body: { items: [] } }),
    });

  it('removes a document that was never published, audited', async () => {
    await save('never-published');
    const deleted = await getJson<Json>(`/admin/content/draft?${ref('never-published')}`, { method: 'DELETE', headers: ADMIN_HEADERS });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ documentDeleted: true });
    expect((await getJson<Json>(`/admin/content?${ref('never-published')}`, { headers: ADMIN_HEADERS })).status).toBe(404);
    expect(await lastAudit('US:en-us:fragment:never-published')).toMatchObject({ action: 'content.draft_delete', details: { documentDeleted: true } });
  });

  it('keeps the published versions of a document whose draft goes', async () => {
    await save('published-once');
    await request('/admin/content/publish', {
      method: 'POST',
      headers: ADMIN_HEADERS,
      body: JSON.stringify({ siteId: 'US', locale: 'en-us', kind: 'fragment', key: 'published-once' }),
    });
    await save('published-once');
    const deleted = await getJson<Json>(`/admin/content/draft?${ref('published-once')}`, { method: 'DELETE', headers: ADMIN_HEADERS });
    expect(deleted.body).toMatchObject({ documentDeleted: false });
    const document = await getJson<Json>(`/admin/content?${ref('published-once')}`, { headers: ADMIN_HEADERS });
    expect(document.body.document.versions.map((v: Json) => v.status)).toEqual(['published']);
  });

  it('answers API404 when there is no draft', async () => {
    const response = await getJson<Json>(`/admin/content/draft?${ref('no-such-draft')}`, { method: 'DELETE', headers: { ...ADMIN_HEADERS, origin: ORIGIN } });
    expect(response.status).toBe(404);
    expect(response.body.errorId).toBe('API404');
  });
});
