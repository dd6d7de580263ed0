// What a 403 on the token call means in this store (commerce-core §7: "a 403 on a token call is ignored"):
// the same-origin check refused the call before it ran. Nothing changed: no cookie is written, the browser's
// session is the one it had, and the sign-in code is not spent. That is why the browser may ignore it and go
// on as the guest it was (tests/e2e/token-refusal.spec.ts).

import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { challengeOf } from '../../src/worker/commerce/identity/authorization-codes.ts';
import { getJson, request } from './helpers.ts';
import { cookieHeader, cookiesOf, JSON_POST, verifier } from './identity.ts';

type Json = Record<string, any>;

describe('a token call refused with 403', () => {
  it('is a call from another site: it changes nothing, and the code still signs in from the store’s own page', async () => {
    const guest = await request('/api/token/v2/auth/token', { method: 'POST', headers: JSON_POST, body: '{}' });
    const guestCookie = cookieHeader(cookiesOf(guest));
    const guestUsid = ((await guest.json()) as Json).usid;
    const codeVerifier = verifier();
    const signIn = await getJson<Json>('/api/consumers-v3/auth/signin', {
      method: 'POST',
      headers: { ...JSON_POST, cookie: guestCookie, 'cf-connecting-ip': '192.0.2.180' },
      body: JSON.stringify({ username: 'ana@cairn.test', password: DEMO_PASSWORD, codeChallenge: await challengeOf(codeVerifier) }),
    });
    const exchange = JSON.stringify({ authorizationCode: signIn.body.authorizationCode, codeVerifier });

    const cases: Record<string, string>[] = [{ origin: 'https://shop.example' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }];
    for (const elsewhere of cases) {
      const refused = await request('/api/token/v2/auth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: guestCookie, ...elsewhere },
        body: exchange,
      });
      const body = (await refused.json()) as Json;
      expect([refused.status, body.errorId, typeof body.appId]).toEqual([403, 'API403', 'string']);
      expect(refused.headers.getSetCookie()).toEqual([]);
    }
    // The browser is the guest it was.
    const still = await getJson<Json>('/api/token/v2/auth/token', { method: 'POST', headers: { ...JSON_POST, cookie: guestCookie }, body: '{}' });
    expect(still.body).toMatchObject({ type: 'guest', usid: guestUsid });
    // The code was not spent: from the store's own page it signs in.
    const signedIn = await getJson<Json>('/api/token/v2/auth/token', { method: 'POST', headers: { ...JSON_POST, cookie: guestCookie }, body: exchange });
    expect([signedIn.status, signedIn.body.type, signedIn.body.consumerNo]).toEqual([200, 'registered', 'C1000000001']);
  });
});
