// Where a sign-up came from (commerce-core §7, POST /consumers-v3/auth/signup): the optional source header
// (the channel that signed the shopper up) and the body's source (store, acquisitionType, campaignName) are
// kept on the account, checked first: a name that is not short and plain, or a store that is not one, is
// refused at its field and opens no account. Marketers read the sign-ups by source from the admin API; a
// store a sign-up names is never counted as one its associates opened at the till.

import { env } from 'cloudflare:workers';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { signUpSchema } from '../../src/shared/schema/sign-up.ts';
import { createConsumer } from '../../src/worker/commerce/identity/sign-up.ts';
import { ADMIN_HEADERS, getJson, namedAdmin, ORIGIN, request } from './helpers.ts';

type Json = Record<string, any>;

const form = (overrides: Json = {}) => ({
  firstName: 'Sol',
  lastName: 'Brae',
  email: `sol.${crypto.randomUUID().slice(0, 8)}@example.com`,
  password: 'Summit-Bound-4',
  gender: 'unspecified',
  isTermsConfirmed: true,
  ...overrides,
});

function signUp(body: Json, headers: Record<string, string> = {}, address = '192.0.2.160') {
  return getJson<Json>('/api/consumers-v3/auth/signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-locale': 'en-us', 'cf-connecting-ip': address, ...headers },
    body: JSON.stringify(body),
  });
}

const acquisitionOf = (email: string) =>
  env.DB.prepare(
    `SELECT acquisition_source, acquisition_type, acquisition_campaign, acquisition_named_store, acquisition_store, acquisition_employee
     FROM consumers WHERE email = ?1`,
  )
    .bind(email)
    .first<Json>();

describe('the sign-up’s source', () => {
  it('is kept on the account: the header’s channel, how, the campaign and the store named', async () => {
    const body = form({ source: { store: 'US-0003', acquisitionType: 'sign-up-dialog', campaignName: 'spring-trail_2026' } });
    const created = await signUp(body, { source: 'partner-app' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await acquisitionOf(body.email)).toEqual({
      acquisition_source: 'partner-app',
      acquisition_type: 'sign-up-dialog',
      acquisition_campaign: 'spring-trail_2026',
      acquisition_named_store: 'US-0003',
      // Only a connected associate at the till makes an account the store's own.
      acquisition_store: null,
      acquisition_employee: null,
    });
    const bare = form();
    expect((await signUp(bare)).status).toBe(201);
    expect(await acquisitionOf(bare.email)).toMatchObject({ acquisition_source: null, acquisition_type: null, acquisition_named_store: null });
  });

  it('refuses a header that is not a short plain name, at the header, and opens no account', async () => {
    for (const header of ['<script>alert(1)</script>', 'a'.repeat(65), 'web app', 'ads;drop', 'app/1']) {
      const body = form();
      const refused = await signUp(body, { source: header }, '192.0.2.161');
      expect([header, refused.status, refused.body.errorId, refused.body.details?.[0]?.field]).toEqual([header, 400, 'API400', 'headers.source']);
      expect(await acquisitionOf(body.email)).toBeNull();
    }
  });

  it('refuses a store that is not one and names that are not plain, at their fields', async () => {
    const cases: [Json, string][] = [
      [{ store: 'US-9999' }, 'source.store'],
      [{ store: "US-0003' OR '1'='1" }, 'source.store'],
      [{ acquisitionType: 'dialog<img src=x>' }, 'source.acquisitionType'],
      [{ campaignName: 'x'.repeat(101) }, 'source.campaignName'],
      [{ campaignName: 'spring\nsale' }, 'source.campaignName'],
    ];
    for (const [source, field] of cases) {
      const body = form({ source });
      const refused = await signUp(body, {}, '192.0.2.162');
      expect([field, refused.status, refused.body.details?.[0]?.field]).toEqual([field, 400, field]);
      expect(await acquisitionOf(body.email)).toBeNull();
    }
  });

  it('from the account page without JavaScript, is the page and the campaign its address carries', async () => {
    const email = `page.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const fields = { email, firstName: 'Sol', lastName: 'Brae', password: 'Summit-Bound-4', gender: 'unspecified', isTermsConfirmed: 'on' };
    const posted = await request('/en-us/account/sign-up?enrollment_marketing_source=fall-mailer&leadSource=%3Cb%3E', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'cf-connecting-ip': '192.0.2.165' },
      body: new URLSearchParams(fields).toString(),
    });
    expect(posted.status).toBe(303);
    // A leadSource that is not a plain name is left out, not kept.
    expect(await acquisitionOf(email)).toMatchObject({ acquisition_type: 'account-page', acquisition_campaign: 'fall-mailer', acquisition_source: null });
  });

  it('is counted for marketers by source, campaign and store, apart from the till’s', async () => {
    await signUp(
      form({ source: { acquisitionType: 'sign-up-dialog', campaignName: 'autumn-boots', store: 'US-0012' } }),
      { source: 'newsletter-app' },
      '192.0.2.163',
    );
    await signUp(
      form({ source: { acquisitionType: 'sign-up-dialog', campaignName: 'autumn-boots', store: 'US-0012' } }),
      { source: 'newsletter-app' },
      '192.0.2.164',
    );
    // An account an associate opened at that store's till.
    const till = form({ password: 'Unknowable-Till-1' });
    await createConsumer(env.DB, v.parse(signUpSchema('US', new Date()), till), {
      siteId: 'US',
      locale: 'en-us',
      acquisition: { storeId: 'US-0012', employeeId: 'E00001' },
    });

    const marketer = await namedAdmin('mia.acquisitions@cairn.test');
    const report = await getJson<Json>('/admin/acquisitions?siteId=US', { headers: marketer.headers });
    expect(report.status).toBe(200);
    expect(report.headers.get('cache-control')).toBe('no-store');
    const rows = report.body.acquisitions as Json[];
    expect(rows).toContainEqual({
      source: 'newsletter-app',
      acquisitionType: 'sign-up-dialog',
      campaign: 'autumn-boots',
      storeId: 'US-0012',
      atTill: false,
      signUps: 2,
    });
    expect(rows).toContainEqual({ source: null, acquisitionType: null, campaign: null, storeId: 'US-0012', atTill: true, signUps: 1 });
    // Counts, never the shoppers.
    expect(JSON.stringify(report.body)).not.toMatch(/@|C\d{10}/);
    expect(report.body.total).toBe(rows.reduce((sum, row) => sum + row.signUps, 0));

    const later = await getJson<Json>('/admin/acquisitions?siteId=US&from=2999-01-01', { headers: ADMIN_HEADERS });
    expect([later.status, later.body.acquisitions, later.body.total]).toEqual([200, [], 0]);
    for (const range of ['from=2026-13-45', 'from=2026-02-30', 'from=2026-05-01&to=2026-04-01', 'to=yesterday']) {
      const refused = await getJson<Json>(`/admin/acquisitions?siteId=US&${range}`, { headers: ADMIN_HEADERS });
      expect([range, refused.status, refused.body.errorId]).toEqual([range, 400, 'API400']);
    }
    const nobody = await getJson<Json>('/admin/acquisitions?siteId=US');
    expect(nobody.status).toBe(401);
  });
});
