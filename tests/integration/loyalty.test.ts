// The Cairn Club page and its member calls (the account issue, Loyalty; account-content §7): the welcome
// promotion, the loyalty token with the referral link (usid, referralCode, the source header), referrals that
// credit the referrer once, joining from the page with the terms, 4044 for a non-member, and the page itself:
// the CMS page for visitors, cacheable, and the member's own page, private.

import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/shared/api/session.ts';
import { REFERRAL_POINTS } from '../../src/worker/commerce/loyalty/programme.ts';
import { one } from './helpers.ts';
import { Jar, signedInJar } from './jar.ts';

const LEO = 'leo.loyalty@cairn.test';

/** The session's anonymous id, from the claims of its cookie. */
function usidOf(jar: Jar): string {
  const payload = (jar.cookies[SESSION_COOKIE] ?? '').split('.')[1] ?? '';
  return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { usid: string }).usid;
}

const pointsOf = async (email: string) => (await one<{ points: number }>('SELECT loyalty_points AS points FROM consumers WHERE email = ?1', email)).points;

describe('the member calls', () => {
  it('answer a member the welcome promotion and a loyalty token with a referral link; 4044 for anyone else', async () => {
    const leo = await signedInJar(LEO, '198.19.17.1');
    const welcome = await leo.api('GET', '/api/consumers-v3/consumer/loyalty/promo/welcome');
    expect(welcome.status).toBe(200);
    expect(welcome.body.promotion).toMatchObject({ couponCode: 'WELCOME10', discountPercent: 10, available: true });

    const wrongUsid = await leo.api('POST', '/api/consumers-v3/consumer/loyalty/token', { usid: 'someone-else' });
    expect([wrongUsid.status, wrongUsid.body.errorId]).toEqual([400, 'API400']);
    const token = await leo.api('POST', '/api/consumers-v3/consumer/loyalty/token', { usid: usidOf(leo) }, { source: 'newsletter-nov' });
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ memberId: 'M9000000002', expiresIn: 900, referred: false, referralCode: expect.stringMatching(/^[A-Z0-9]{10}$/) });
    expect(token.body.referralUrl).toBe(`https://store.test/en-us/loyalty?referral_code=${token.body.referralCode}`);
    const claims = JSON.parse(atob(token.body.token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    expect(claims).toMatchObject({ sub: 'M9000000002', aud: 'cairn-loyalty', usid: usidOf(leo), src: 'newsletter-nov' });
    // The same code every time.
    expect((await leo.api('POST', '/api/consumers-v3/consumer/loyalty/token', { usid: usidOf(leo) })).body.referralCode).toBe(token.body.referralCode);

    const ana = await signedInJar('ana@cairn.test', '198.19.17.2');
    for (const [method, path, body] of [
      ['GET', '/api/consumers-v3/consumer/loyalty/promo/welcome', undefined],
      ['POST', '/api/consumers-v3/consumer/loyalty/token', { usid: usidOf(ana) }],
    ] as const) {
      const refused = await ana.api(method, path, body);
      expect([path, refused.status, refused.body.errorId]).toEqual([path, 404, '4044']);
    }
    expect((await new Jar().api('GET', '/api/consumers-v3/consumer/loyalty/promo/welcome')).body.errorId).toBe('AUT401');
  });
});

describe('the loyalty page', () => {
  it('is the programme’s CMS page for a visitor, and a member’s own page, private, with points, vouchers and the referral link', async () => {
    const visitor = await new Jar().get('/en-us/loyalty');
    expect(visitor.response.status).toBe(200);
    // The programme's CMS page, the same for every visitor.
    expect(visitor.html).toContain('rel="canonical" href="https://store.test/en-us/loyalty"');
    expect(visitor.html).not.toContain('Your Cairn Club');

    const leo = await signedInJar(LEO, '198.19.17.3');
    const { response, html } = await leo.get('/en-us/loyalty');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain('<h1 id="club-member">Your Cairn Club</h1>');
    expect(html).toMatch(/1,250(<!-- -->)? points/);
    expect(html).toContain('M9000000002');
    expect(html).toMatch(/\$5<\/strong> (<!-- -->)?for 500 points/);
    expect(html).toContain('3,750 more points to go');
    expect(html).toContain('10% off your first order with the code WELCOME10.');
    expect(html).toMatch(/value="https:\/\/store\.test\/en-us\/loyalty\?referral_code=[A-Z0-9]{10}"/);
    expect(html).toContain('Free shipping on every order');
    // No free shipping among the benefits in Great Britain.
    expect((await leo.get('/en-gb/loyalty')).html).not.toContain('Free shipping on every order');
  });

  it('lets a signed-in shopper join with the terms, crediting the friend whose link they came from, once', async () => {
    const leo = await signedInJar(LEO, '198.19.17.4');
    const code = (await leo.api('POST', '/api/consumers-v3/consumer/loyalty/token', { usid: usidOf(leo) })).body.referralCode as string;
    const before = await pointsOf(LEO);

    const will = await signedInJar('will.wranx@cairn.test', '198.19.17.5');
    const page = await will.get(`/en-us/loyalty?referral_code=${code}&leadSource=spring-mail`);
    expect(page.html).toContain('<h1 id="club-join">Join the Cairn Club</h1>');
    expect(page.html).toContain(`action="/en-us/loyalty/join?referral_code=${code}&amp;leadSource=spring-mail"`);
    expect(page.html).toContain('Points on every order');
    const unticked = await will.post(`/en-us/loyalty/join?referral_code=${code}&leadSource=spring-mail`, {});
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain('Tick the box to accept the Cairn Club terms.');
    const joined = await will.post(`/en-us/loyalty/join?referral_code=${code}&leadSource=spring-mail`, { loyaltyConsent: 'on' });
    expect([joined.status, joined.headers.get('location')]).toEqual([303, '/en-us/loyalty?notice=joined']);
    expect((await will.get('/en-us/loyalty?notice=joined')).html).toContain('Welcome to the Cairn Club');
    expect(await pointsOf(LEO)).toBe(before + REFERRAL_POINTS);
    expect(
      await one('SELECT source FROM loyalty_referrals r JOIN consumers c ON c.consumer_no = r.referred_no WHERE c.email = ?1', 'will.wranx@cairn.test'),
    ).toEqual({
      source: 'spring-mail',
    });
    // Asking again (the token call with the code) credits nobody twice.
    const again = await will.api('POST', '/api/consumers-v3/consumer/loyalty/token', { usid: usidOf(will), referralCode: code });
    expect(again.body.referred).toBe(false);
    expect(await pointsOf(LEO)).toBe(before + REFERRAL_POINTS);
    // Leo's history shows the friend.
    expect((await leo.get('/en-us/loyalty')).html).toContain('A friend joined');
  });
});
