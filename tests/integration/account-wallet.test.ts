// Saved payment instruments in the account (the account issue, §1 Payment; account-content §7
// payment_instruments): cards saved by the processor's token (the first main, PYT300 for the same card
// twice), made main and deleted, another shopper's card unknown; the member's rewards read by method.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { cardToken } from './checkout-helpers.ts';
import { Jar, signedInJar } from './jar.ts';

type Json = Record<string, any>;

const PATH = '/api/consumers-v3/consumer/payment_instruments';

describe('saved cards', () => {
  it('saves by token, keeps one main, refuses the same card twice, and hands main on when the main one goes', async () => {
    const jar = await signedInJar('ian.ipa@cairn.test', '198.19.16.1');
    const visa = await jar.api('POST', PATH, { token: await cardToken('4242424242424242') });
    expect(visa.status).toBe(201);
    expect(visa.body).toMatchObject({ brand: 'visa', last4: '4242', main: true, binValue: '424242' });
    expect(JSON.stringify(visa.body)).not.toContain('4242424242424242');
    const master = await jar.api('POST', PATH, { token: await cardToken('5555555555554444') });
    expect(master.body.main).toBe(false);
    const again = await jar.api('POST', PATH, { token: await cardToken('4242424242424242') });
    expect([again.status, again.body.errorId]).toEqual([409, 'PYT300']);
    const made = await jar.api('PATCH', `${PATH}/${master.body.paymentInstrumentId}`, { main: true });
    expect(made.body.cards.map((card: Json) => [card.last4, card.main])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);
    const removed = await jar.api('DELETE', `${PATH}/${master.body.paymentInstrumentId}`);
    expect(removed.body.cards.map((card: Json) => [card.last4, card.main])).toEqual([['4242', true]]);
    const unknownToken = await jar.api('POST', PATH, { token: 'tok_unknown' });
    expect(unknownToken.body.errorId).toBe('PAY400');
  });

  it("answers another shopper's card as unknown (PYT404) and a guest with AUT401", async () => {
    const owner = await signedInJar('eve.employee@cairn.test', '198.19.16.2');
    const saved = await owner.api('POST', PATH, { token: await cardToken('4242424242424242') });
    const other = await signedInJar('ana@cairn.test', '198.19.16.3');
    for (const [method, body] of [
      ['PATCH', { main: true }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await other.api(method, `${PATH}/${saved.body.paymentInstrumentId}`, body);
      expect([refused.status, refused.body.errorId]).toEqual([404, 'PYT404']);
    }
    expect((await new Jar().api('GET', PATH)).body.errorId).toBe('AUT401');
  });

  it("reads a member's rewards by method", async () => {
    const leo = await signedInJar('leo.loyalty@cairn.test', '198.19.16.4');
    const codes = await leo.api('GET', `${PATH}?method=REWARD_CODE`);
    expect(codes.body.cards).toEqual([]);
    expect(codes.body.rewards.map((r: Json) => r.kind)).toEqual(['REWARD_CODE']);
    const cards = await leo.api('GET', `${PATH}?method=REWARD_CARD`);
    expect(cards.body.rewards).toEqual([expect.objectContaining({ kind: 'REWARD_CARD', masked: '•••• 0101' })]);
    expect((await leo.api('GET', `${PATH}?method=PAYPAL`)).body.errorId).toBe('API400');
  });
});

describe('a card saved with the bot check (account-content §6: credit cards are saved with a recaptcha_response)', () => {
  it('is refused AUT403 without a token or with a bad one, saving nothing, and saved with a good one', async () => {
    const jar = await signedInJar('ana@cairn.test', '198.19.16.9');
    const token = await cardToken('4242424242424242');
    // Turnstile, as in production: no token is no proof, and it is refused before anything is asked.
    jar.bindings = { ...env, TURNSTILE_SECRET: 'turnstile-secret-test' };
    const without = await jar.api('POST', PATH, { token });
    expect([without.status, without.body.errorId]).toEqual([403, 'AUT403']);
    // The local verifier told to fail: whatever the token, it is not a person's.
    jar.bindings = { ...env, BOT_CHECK: 'fail' };
    const bad = await jar.api('POST', PATH, { token, recaptcha_response: 'not-a-person' });
    expect([bad.status, bad.body.errorId]).toEqual([403, 'AUT403']);
    jar.bindings = env;
    expect((await jar.api('GET', `${PATH}?method=CREDIT_CARD`)).body.cards).toEqual([]);
    // The processor's token was never spent: the call the bot check passes saves it.
    const good = await jar.api('POST', PATH, { token, recaptcha_response: 'a-person' });
    expect([good.status, good.body.last4]).toEqual([201, '4242']);
  });
});

describe('two saves at once', () => {
  it('keep one copy of the same card, and one main card', async () => {
    const jar = await signedInJar('will.wranx@cairn.test', '198.19.16.6');
    const [a, b] = await Promise.all([
      jar.api('POST', PATH, { token: await cardToken('4242424242424242') }),
      jar.api('POST', PATH, { token: await cardToken('4242424242424242') }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a.body.errorId, b.body.errorId]).toContain('PYT300');
    const [c, d] = await Promise.all([
      jar.api('POST', PATH, { token: await cardToken('5555555555554444') }),
      jar.api('POST', PATH, { token: await cardToken('378282246310005') }),
    ]);
    expect([c.status, d.status]).toEqual([201, 201]);
    const cards = (await jar.api('GET', `${PATH}?method=CREDIT_CARD`)).body.cards as Json[];
    expect(cards).toHaveLength(3);
    expect(cards.filter((card) => card.main)).toHaveLength(1);
  });
});

describe('the payment page', () => {
  it('lists saved cards and rewards, and makes a card main or removes it with plain forms', async () => {
    const jar = await signedInJar('leo.loyalty@cairn.test', '198.19.16.5');
    const first = await jar.api('POST', PATH, { token: await cardToken('4242424242424242') });
    const second = await jar.api('POST', PATH, { token: await cardToken('5555555555554444') });
    let { response, html } = await jar.get('/en-us/account/payment');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toMatch(/VISA(<!-- -->)? ending (<!-- -->)?4242/);
    expect(html).toContain('data-island="save-card"');
    expect(html).toMatch(/Reward card (<!-- -->)?•••• 0101/);
    const main = await jar.post(`/en-us/account/payment/${second.body.paymentInstrumentId}/main`, {});
    expect([main.status, main.headers.get('location')]).toEqual([303, '/en-us/account/payment?notice=saved']);
    expect((await jar.api('GET', `${PATH}?method=CREDIT_CARD`)).body.cards[0]).toMatchObject({ last4: '4444', main: true });
    expect((await jar.post(`/en-us/account/payment/${first.body.paymentInstrumentId}/delete`, {})).status).toBe(303);
    ({ html } = await jar.get('/en-us/account/payment?notice=deleted'));
    expect(html).toContain('The card is removed.');
    expect(html).not.toMatch(/VISA(<!-- -->)? ending (<!-- -->)?4242/);
    const foreign = await jar.post(`/en-us/account/payment/${crypto.randomUUID()}/delete`, {});
    expect(foreign.status).toBe(404);
  });
});
