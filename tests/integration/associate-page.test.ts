// The associate page without JavaScript (account-content §3, §4): a device registered with an operator's
// code, then its store's associates, the associate's name and PIN posted, a wrong PIN worded for a PIN, the connected state
// on every page through the hint cookie, and clearing back to the page. Also the dialog's espot fragments.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_STORE_PIN } from '../../scripts/seed/store-employees.ts';
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '../../src/shared/api/session.ts';
import { ORIGIN, request } from './helpers.ts';
import { cookieHeader, cookiesOf } from './identity.ts';
import { enrolmentCode, storeDevice } from './store-device.ts';

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
  it('asks an unregistered device for its code and shows no staff, whatever store is asked for', async () => {
    for (const path of ['/en-us/associate-login', '/en-us/associate-login?storeNum=US-0001']) {
      const start = await request(path);
      const html = await start.text();
      expect(start.headers.get('cache-control')).toBe('private, no-store');
      expect(heading(html)).toBe('Store associate sign-in');
      expect(html).toMatch(/name="deviceCode"/);
      expect(html).not.toMatch(/name="employeeId"/);
      expect(html).not.toMatch(/name="pin"/);
      const names = await env.DB.prepare("SELECT display_name FROM store_employees WHERE store_id = 'US-0001'").all<{ display_name: string }>();
      for (const { display_name } of names.results) expect(html).not.toContain(display_name);
    }
  });

  it('registers the device with the operator’s code, then lists its store’s associates', async () => {
    const { code } = await enrolmentCode('US-0001');
    const prefilled = await (await request(`/en-us/associate-login?deviceCode=${code}`)).text();
    expect(prefilled).toContain(`value="${code}"`);
    const wrong = await request('/en-us/associate-login/device', {
      method: 'POST',
      redirect: 'manual',
      headers: { ...FORM, 'cf-connecting-ip': '198.51.100.41' },
      body: new URLSearchParams({ deviceCode: 'AAAA-BBBB-CCCC' }).toString(),
    });
    expect(wrong.status).toBe(400);
    expect(alertText(await wrong.text())).toBe('This device code is not valid or has expired. Ask your store manager for a new one.');
    const registered = await request('/en-us/associate-login/device', {
      method: 'POST',
      redirect: 'manual',
      headers: { ...FORM, 'cf-connecting-ip': '198.51.100.41' },
      body: new URLSearchParams({ deviceCode: code.toLowerCase() }).toString(),
    });
    expect([registered.status, registered.headers.get('location')]).toEqual([303, '/en-us/associate-login']);
    const device = cookieHeader(cookiesOf(registered));
    expect(device).toMatch(/^cairn_store_device=/);
    const page = await request('/en-us/associate-login?storeNum=US-0002', { headers: { cookie: device } });
    const html = await page.text();
    expect(html).toMatch(/<input type="hidden" name="storeId" value="US-0001"\/>/);
    expect(html).toMatch(/name="employeeId"/);
    expect(html).toMatch(/name="pin"/);
  });

  it('refuses a wrong PIN in words for a PIN, then connects, shows the bar’s hint and clears back', async () => {
    const employeeId = await firstEmployee('US-0002');
    const withoutDevice = await connect({ storeId: 'US-0002', employeeId, pin: DEMO_STORE_PIN }, '198.51.100.40');
    expect(withoutDevice.status).toBe(403);
    const device = await storeDevice('US-0002');
    const wrong = await connect({ storeId: 'US-0002', employeeId, pin: '000000' }, '198.51.100.40', device);
    expect(wrong.status).toBe(401);
    expect(alertText(await wrong.text())).toBe('This name and PIN do not match.');

    const missing = await connect({ storeId: 'US-0002', employeeId: '', pin: '' }, '198.51.100.40', device);
    expect(missing.status).toBe(400);
    const missingHtml = await missing.text();
    expect(/id="associate-employee-error">([^<]*)</.exec(missingHtml)?.[1]).toBe('Choose your name from the list.');

    const connected = await connect({ storeId: 'US-0002', employeeId, pin: DEMO_STORE_PIN }, '198.51.100.40', device);
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
