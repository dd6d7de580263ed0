// Codes of the error catalogue (commerce-core §8) that answer conditions no other file provokes, each through
// the worker as a client meets it: the status, the code, and that nothing changed.

import { describe, expect, it } from 'vitest';
import { challengeOf } from '../../src/worker/commerce/identity/authorization-codes.ts';
import { getJson, request } from './helpers.ts';
import { cookiesOf, JSON_POST, verifier } from './identity.ts';

type Json = Record<string, any>;

describe('API406', () => {
  it('refuses a call whose Accept admits nothing the endpoint answers, before it runs', async () => {
    const html = await getJson<Json>('/api/utilities/countryList', { headers: { accept: 'text/html' } });
    expect([html.status, html.body.errorId]).toEqual([406, 'API406']);
    expect((await getJson<Json>('/api/utilities/countryList', { headers: { accept: 'text/html, application/json;q=0.5' } })).status).toBe(200);
    expect((await getJson<Json>('/api/utilities/countryList', { headers: { accept: '*/*' } })).status).toBe(200);
    // A refused mutation makes nothing: no basket, no session.
    const refused = await request('/api/cart/v1/cart', { method: 'POST', headers: { ...JSON_POST, accept: 'application/xml' }, body: '{}' });
    expect(refused.status).toBe(406);
    expect(cookiesOf(refused)).toEqual({});
    // A document endpoint answers PDF, so a PDF-only Accept reaches it (and meets its own rules).
    const invoice = await getJson<Json>('/api/consumers-v3/consumer/purchase/invoice/download', {
      method: 'POST',
      headers: { ...JSON_POST, accept: 'application/pdf' },
      body: '{}',
    });
    expect(invoice.status).not.toBe(406);
  });
});

describe('AUT418', () => {
  it('is the employees’ sign-in refusing a wrong password, where shoppers’ sign-in says AUT437', async () => {
    const attempt = async (path: string, address: string) =>
      getJson<Json>(path, {
        method: 'POST',
        headers: { ...JSON_POST, 'cf-connecting-ip': address },
        body: JSON.stringify({ username: 'eve.employee@cairn.test', password: 'Not-Her-Password-1', codeChallenge: await challengeOf(verifier()) }),
      });
    const employee = await attempt('/api/consumers-v3/consumer/agent/login', '192.0.2.160');
    expect([employee.status, employee.body.errorId, employee.body.message]).toEqual([401, 'AUT418', 'The email or password is not correct.']);
    expect((await attempt('/api/consumers-v3/auth/signin', '192.0.2.161')).body.errorId).toBe('AUT437');
  });
});
