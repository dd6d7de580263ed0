// The associate page without JavaScript (account-content §3, §4): the store chosen by a GET (?storeNum=
// preselects it), the associate's name and PIN posted, a wrong PIN worded for a PIN, the connected state
// on every page through the hint cookie, and clearing back to the page. Also the dialog's espot fragments.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_STORE_PIN } from '../../scripts/seed/store-employees.ts';
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '../../src/shared/session.ts';
import { ORIGIN, request } from './helpers.ts';
import { cookieHeader, cookiesOf } from './identity.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };
const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
const alertText = (html: string) => /role="alert"[^>]*><p>([^<]*)<\/p>/.exec(html)?.[1];

async function firstEmployee(storeId: string): Promise<string> {
  const row = await env.DB.prepare('SELECT employee_id FROM store_employees WHERE store_id = ?1 ORDER BY display_name LIMIT 1')
    .bind(storeId)
    .first<{ employee_id: string }>();
  return row?.employee_id as string;
}

function connect(fields: Record<string, string>, address: string, cookie = '') {
  return request('/en-us/associate-login', {
    method: 'POST',
    redirect: 'manual',
    headers: { ...FORM, 'cf-connecting-ip': address, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('the associate page', () => {
  it('lists the site’s stores, and the store’s associates once one is chosen', async () => {
    const start = await request('/en-us/associate-login');
    const html = await start.text();
    expect(start.headers.get('cache-control')).toBe('private, no-store');
    expect(heading(html)).toBe('Store associate sign-in');
    expect(html).toMatch(/<option value="US-0001">/);
    expect(html).not.toMatch(/<option value="GB-\d{4}">/);
    expect(html).not.toMatch(/name="pin"/);
    const chosen = await (await request('/en-us/associate-login?storeNum=US-0001')).text();
    expect(chosen).toMatch(/<option value="US-0001" selected="">/);
    expect(chosen).toMatch(/name="employeeId"/);
    expect(chosen).toMatch(/name="pin"/);
    const unknown = await request('/en-us/associate-login?storeNum=US-9999');
    expect(unknown.status).toBe(404);
  });

  it('refuses a wrong PIN in words for a PIN, then connects, shows the bar’s hint and clears back', async () => {
    const employeeId = await firstEmployee('US-0002');
    const wrong = await connect({ storeId: 'US-0002', employeeId, pin: '000000' }, '198.51.100.40');
    expect(wrong.status).toBe(401);
    expect(alertText(await wrong.text())).toBe('This name and PIN do not match.');

    const missing = await connect({ storeId: 'US-0002', employeeId: '', pin: '' }, '198.51.100.40');
    expect(missing.status).toBe(400);
    const missingHtml = await missing.text();
    expect(/id="associate-employee-error">([^<]*)</.exec(missingHtml)?.[1]).toBe('Choose your name from the list.');

    const connected = await connect({ storeId: 'US-0002', employeeId, pin: DEMO_STORE_PIN }, '198.51.100.40');
    expect(connected.status).toBe(303);
    const cookies = cookiesOf(connected);
    expect(decodeURIComponent(cookies[SESSION_HINT_COOKIE] ?? '')).toMatch(/^g\|/);
    const cookie = cookieHeader(cookies);
    const page = await (await request('/en-us/associate-login', { headers: { cookie } })).text();
    expect(heading(page)).toBe('Device connected');
    expect(page).toMatch(/action="\/en-us\/associate-login\/clear"/);

    const cleared = await request('/en-us/associate-login/clear', { method: 'POST', redirect: 'manual', headers: { ...FORM, cookie } });
    expect(cleared.status).toBe(303);
    expect(cleared.headers.get('location')).toBe('/en-us/associate-login');
    expect(cookiesOf(cleared)[SESSION_COOKIE]).toBe('');
    const audit = await env.DB.prepare('SELECT action FROM audit_log WHERE actor = ?1 ORDER BY id').bind(`associate:${employeeId}`).all<{ action: string }>();
    expect(audit.results.map((row) => row.action)).toContain('POST /en-us/associate-login/clear');
  });
});

describe('the sign-in dialog’s content slots', () => {
  it('serves the sign-in and sign-up espots as the page renders them, and nothing else', async () => {
    const signIn = await request('/en-us/account/espot/sign-in-modal');
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('cache-control')).toBe('private, max-age=300');
    expect(await signIn.text()).toMatch(/^<div class="content-blocks">.*Members get more/s);
    const french = await (await request('/fr-fr/account/espot/sign-up-modal')).text();
    expect(french).toMatch(/Rejoignez Cairn/);
    expect((await request('/en-us/account/espot/cart')).status).toBe(404);
  });
});
