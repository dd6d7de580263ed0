// A link to the account from one of the store's mails (commerce-core §2: the consumerId and email query
// parameters): a guest starts at the step it points to, a signed-in shopper is told when it was for
// another account, and neither the link nor the page gives away more than the lookup step does.

import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { consumerNoOf, ORIGIN, request } from './helpers.ts';
import { cookieHeader, cookiesOf } from './identity.ts';

const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
const emailValue = (html: string) => /<input [^>]*name="email"[^>]*value="([^"]*)"/.exec(html)?.[1];

async function signedIn(email: string): Promise<string> {
  const response = await request('/en-us/account/sign-in', {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'cf-connecting-ip': '198.51.100.71' },
    body: new URLSearchParams({ email, password: DEMO_PASSWORD }).toString(),
  });
  expect(response.status).toBe(303);
  return cookieHeader(cookiesOf(response));
}

describe('a mail link to the account, for a guest', () => {
  it('opens the password step when the consumer and the email are one account', async () => {
    const consumerId = await consumerNoOf('ana@cairn.test');
    const response = await request(`/en-us/account?consumerId=${consumerId}&email=ana%40cairn.test`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(heading(html)).toBe('Welcome back');
    expect(emailValue(html)).toBe('ana@cairn.test');
    expect(html).toContain('name="password"');
  });

  it('fills the lookup in, and no more, when the pair does not match or only the email is given', async () => {
    const other = await consumerNoOf('ada.athlete@cairn.test');
    for (const query of [`consumerId=${other}&email=ana%40cairn.test`, 'email=ana%40cairn.test', 'email=nobody%40cairn.test&consumerId=C000000']) {
      const html = await (await request(`/en-us/account?${query}`)).text();
      expect(heading(html), query).toBe('Sign in or create an account');
      expect(html, query).not.toContain('name="password"');
      expect(emailValue(html), query).toBe(/email=([^&]*)/.exec(query)?.[1]?.replace('%40', '@'));
    }
  });

  it('ignores what is not an email or a customer number', async () => {
    const html = await (await request('/en-us/account?email=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E&consumerId=%3Cx%3E')).text();
    expect(heading(html)).toBe('Sign in or create an account');
    expect(emailValue(html)).toBeUndefined();
    expect(html).not.toContain('<script>alert(1)');
  });
});

describe('a mail link to the account, signed in', () => {
  it('says when the link was for another account, and nothing when it is the shopper’s own', async () => {
    const cookie = await signedIn('ana@cairn.test');
    const own = await consumerNoOf('ana@cairn.test');
    const mine = await (await request(`/en-us/account?consumerId=${own}&email=ana%40cairn.test`, { headers: { cookie } })).text();
    expect(mine).not.toContain('This link was for another account');

    const other = await consumerNoOf('ada.athlete@cairn.test');
    const theirs = await request(`/en-us/account?consumerId=${other}&email=ada.athlete%40cairn.test`, { headers: { cookie } });
    expect(theirs.headers.get('cache-control')).toBe('private, no-store');
    expect(await theirs.text()).toContain('This link was for another account (ada.athlete@cairn.test). Sign out to use it with that account.');
    const byEmail = await (await request('/en-us/account?email=someone.else%40cairn.test', { headers: { cookie } })).text();
    expect(byEmail).toContain('This link was for another account (someone.else@cairn.test).');
  });
});
