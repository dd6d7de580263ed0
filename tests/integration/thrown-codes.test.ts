// Codes the server throws on conditions that only arise between two things happening at once, provoked for
// real through the worker: a profile closed from another device while a call of this one was under way
// (PRO404), a store that cannot check a gift card (GFC799), and one sign-in code exchanged twice at once (AUT409).

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { GIFT_CARD_GUESSES, GIFT_CARD_PIN_LOCK } from '../../src/shared/commerce/commerce-config.ts';
import { challengeOf } from '../../src/worker/commerce/identity/authorization-codes.ts';
import { stockedVariant, US_ADDRESS } from './checkout-helpers.ts';
import { EVENT, registration } from './event-helpers.ts';
import { failingD1 } from './failing-d1.ts';
import { demoCard, ownGiftCard } from './gift-card-helpers.ts';
import { consumerNoOf, getJson, mailSettled, request } from './helpers.ts';
import { cookieHeader, cookiesOf, JSON_POST, verifier } from './identity.ts';
import { interleaved } from './interleave.ts';
import { Jar, signedInJar } from './jar.ts';

type Json = Record<string, any>;

let memberSeq = 0;

/** A new member signed in on two devices, each at an address of its own. */
async function memberOnTwoDevices(): Promise<{ here: Jar; there: Jar; email: string; password: string; consumerNo: string }> {
  const n = ++memberSeq;
  const email = `pro404.${n}.${crypto.randomUUID().slice(0, 6)}@example.com`;
  const password = 'Summit-Bound-4';
  const created = await getJson<Json>('/api/consumers-v3/auth/signup', {
    method: 'POST',
    headers: { ...JSON_POST, 'x-locale': 'en-us', 'cf-connecting-ip': `192.0.2.${200 + n}` },
    body: JSON.stringify({ firstName: 'Robin', lastName: 'Moss', email, password, gender: 'unspecified', isTermsConfirmed: true }),
  });
  expect(created.status).toBe(201);
  const here = await signedInJar(email, `198.18.40.${n}`, password);
  const there = await signedInJar(email, `198.18.41.${n}`, password);
  const consumerNo = (await env.DB.prepare('SELECT consumer_no FROM consumers WHERE email = ?1').bind(email).first<string>('consumer_no')) as string;
  return { here, there, email, password, consumerNo };
}

/**
 * `here`'s next call runs with its session checked and still live, and the account closed from the other
 * device just before the call first reads the profile: the moment a real race would put it.
 */
function closedMidCall(member: Awaited<ReturnType<typeof memberOnTwoDevices>>): void {
  member.here.bindings = {
    ...env,
    DB: interleaved(/\bFROM consumers\b/, async () => {
      const closed = await member.there.api('DELETE', '/api/consumers-v3/consumer', { password: member.password });
      expect(closed.status).toBe(200);
    }),
  };
}

describe('PRO404: a signed-in call whose profile was closed meanwhile', () => {
  it('adds no address to a closed account', async () => {
    const member = await memberOnTwoDevices();
    closedMidCall(member);
    const refused = await member.here.api('POST', '/api/consumers-v3/consumer/address', { ...US_ADDRESS, approachType: 'S' });
    expect([refused.status, refused.body.errorId, refused.body.message]).toEqual([404, 'PRO404', 'Profile not loaded']);
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM consumer_addresses WHERE consumer_no = ?1').bind(member.consumerNo).first<number>('n');
    expect(rows).toBe(0);
  });

  it('registers a closed account for no event and mails nothing', async () => {
    const member = await memberOnTwoDevices();
    closedMidCall(member);
    const refused = await member.here.api('POST', '/api/consumers-v3/consumer/event-registration', registration(member.email));
    expect([refused.status, refused.body.errorId, refused.body.message]).toEqual([404, 'PRO404', 'Profile not loaded']);
    const registered = await env.DB.prepare('SELECT COUNT(*) AS n FROM event_registrations WHERE event_id = ?1 AND consumer_no = ?2')
      .bind(EVENT, member.consumerNo)
      .first<number>('n');
    expect(registered).toBe(0);
    await mailSettled();
    const mailed = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'event-registration' AND recipient LIKE 'deleted-%'").first<number>('n');
    expect(mailed).toBe(0);
  });

  it('answers no SMS subscription of a closed account', async () => {
    const member = await memberOnTwoDevices();
    closedMidCall(member);
    const refused = await member.here.api('GET', '/api/consumers-v3/consumer/subscription');
    expect([refused.status, refused.body.errorId]).toEqual([404, 'PRO404']);
    expect(refused.body.subscription).toBeUndefined();
  });

  it('is not the answer once the account is closed: the session itself has ended by then', async () => {
    const member = await memberOnTwoDevices();
    expect((await member.there.api('DELETE', '/api/consumers-v3/consumer', { password: member.password })).status).toBe(200);
    const after = await member.here.api('POST', '/api/consumers-v3/consumer/address', { ...US_ADDRESS, approachType: 'S' });
    expect([after.status, after.body.errorId]).toEqual([401, 'AUT401']);
  });
});

/** A guest at an address of its own with a boot in the basket. */
async function guestWithBasket(n: number): Promise<{ jar: Jar; basketId: string }> {
  const jar = new Jar();
  jar.address = `198.18.50.${n}`;
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  expect((await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: (await stockedVariant()).id, qty: 1 })).status).toBe(200);
  return { jar, basketId };
}

describe('GFC799: a store that cannot check a gift card', () => {
  it('answers 503 GFC799 without GIFT_CARD_KEY, on the balance, on a cart and on the account, and keeps nothing', async () => {
    const { jar, basketId } = await guestWithBasket(1);
    const { GIFT_CARD_KEY: _key, ...keyless } = env;
    jar.bindings = keyless as typeof env;
    const balance = await jar.api('POST', '/api/cart/v1/giftcard/balance', demoCard('0001'));
    expect([balance.status, balance.body.errorId]).toEqual([503, 'GFC799']);
    expect(balance.body.balance).toBeUndefined();
    const applied = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'GIFT_CARD', ...demoCard('0001') });
    expect([applied.status, applied.body.errorId]).toEqual([503, 'GFC799']);
    jar.bindings = env;
    expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.payment_instruments).toEqual([]);

    const member = await signedInJar('ana@cairn.test', '198.18.50.2');
    member.bindings = keyless as typeof env;
    const saved = await member.api('POST', '/api/consumers-v3/consumer/payment_instruments', { paymentMethodId: 'GIFT_CARD', ...demoCard('0002') });
    expect([saved.status, saved.body.errorId]).toEqual([503, 'GFC799']);
    const kept = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM consumer_gift_cards WHERE consumer_no = (SELECT consumer_no FROM consumers WHERE email = 'ana@cairn.test')",
    ).first<number>('n');
    expect(kept).toBe(0);
  });

  it('answers 503 GFC799 while the gift card records cannot be read, and counts none of it against the card or the shopper', async () => {
    const { cardNumber, pin } = await ownGiftCard();
    const { jar, basketId } = await guestWithBasket(3);
    const down = failingD1(/\bFROM gift_cards\b/);
    jar.bindings = { ...env, DB: down };
    // More tries than lock a card, and than a session or an address may make, all while the records cannot be read.
    const tries = Math.max(GIFT_CARD_PIN_LOCK.wrongPins, GIFT_CARD_GUESSES.refuseAfter) + 1;
    for (let i = 0; i < tries; i += 1) {
      const refused = await jar.api('POST', '/api/cart/v1/giftcard/balance', { cardNumber, pin });
      expect([refused.status, refused.body.errorId]).toEqual([503, 'GFC799']);
    }
    const applied = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'GIFT_CARD', cardNumber, pin });
    expect([applied.status, applied.body.errorId]).toEqual([503, 'GFC799']);
    expect(down.failures).toBe(tries + 1);
    // Back up: the owner's card opens at once, from the same session and address, and nothing was applied meanwhile.
    jar.bindings = env;
    expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.payment_instruments).toEqual([]);
    const balance = await jar.api('POST', '/api/cart/v1/giftcard/balance', { cardNumber, pin });
    expect([balance.status, balance.body.balance]).toEqual([200, 1000]);
  });
});

/** A code sign-in answered for a demo account, with the verifier it is bound to. */
async function signInCode(email: string, address: string): Promise<{ authorizationCode: string; codeVerifier: string }> {
  const codeVerifier = verifier();
  const signIn = await getJson<Json>('/api/consumers-v3/auth/signin', {
    method: 'POST',
    headers: { ...JSON_POST, 'cf-connecting-ip': address },
    body: JSON.stringify({ username: email, password: DEMO_PASSWORD, codeChallenge: await challengeOf(codeVerifier) }),
  });
  expect(signIn.status).toBe(200);
  return { authorizationCode: signIn.body.authorizationCode as string, codeVerifier };
}

/** The token call exchanging a code, from a browser holding `cookie` ('' for none), through `bindings`. */
async function exchange(code: { authorizationCode: string; codeVerifier: string }, cookie = '', bindings: typeof env = env) {
  const response = await request(
    '/api/token/v2/auth/token',
    { method: 'POST', headers: { ...JSON_POST, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(code) },
    undefined,
    bindings,
  );
  return { status: response.status, body: (await response.json()) as Json, cookie: cookieHeader(cookiesOf(response)) };
}

/** The refresh families (sessions) an account has had. */
const sessionsOf = async (consumerNo: string) =>
  (await env.DB.prepare('SELECT COUNT(DISTINCT family_id) AS n FROM refresh_tokens WHERE consumer_no = ?1').bind(consumerNo).first<number>('n')) ?? 0;

describe('AUT409: one sign-in code exchanged twice at once', () => {
  it('answers the second exchange 409 while the first is recording its session; the retry then finds that session', async () => {
    const consumerNo = await consumerNoOf('ana@cairn.test');
    const before = await sessionsOf(consumerNo);
    const code = await signInCode('ana@cairn.test', '198.18.60.1');
    let second: Awaited<ReturnType<typeof exchange>> | undefined;
    // The same browser sends the exchange twice (a double submit): the second lands after the first took the code
    // and before it wrote down the session it made.
    const first = await exchange(code, '', {
      ...env,
      DB: interleaved(/^UPDATE authorization_codes SET session_family/, async () => (second = await exchange(code))),
    });
    expect(first.status).toBe(200);
    expect([second?.status, second?.body.errorId, second?.body.message]).toEqual([409, 'AUT409', 'This sign-in is already being completed.']);
    expect(second?.cookie).toBe('');
    // The retry after 2 s (commerce-core §7), by then holding the first answer's cookies: the same session, no new one.
    const retried = await exchange(code, first.cookie);
    expect([retried.status, retried.body.consumerNo, retried.body.usid]).toEqual([200, consumerNo, first.body.usid]);
    expect(await sessionsOf(consumerNo)).toBe(before + 1);
    expect(await sessionsOf(consumerNo)).toBe(before + 1);
  });

  it('answers 409 to a duplicate landing just after the session was recorded, before its browser holds it', async () => {
    const consumerNo = await consumerNoOf('ana@cairn.test');
    const before = await sessionsOf(consumerNo);
    const code = await signInCode('ana@cairn.test', '198.18.60.3');
    const first = await exchange(code);
    expect(first.status).toBe(200);
    // The duplicate left the browser before the first answer's cookies reached it.
    const duplicate = await exchange(code);
    expect([duplicate.status, duplicate.body.errorId, duplicate.cookie]).toEqual([409, 'AUT409', '']);
    const retried = await exchange(code, first.cookie);
    expect([retried.status, retried.body.usid]).toEqual([200, first.body.usid]);
    // Past the retry's window, whoever has the code and not its session is refused: it never makes another.
    await env.DB.prepare('UPDATE authorization_codes SET used_at = ?2 WHERE consumer_no = ?1 AND used_at IS NOT NULL')
      .bind(consumerNo, new Date(Date.now() - 60_000).toISOString())
      .run();
    expect([(await exchange(code)).status, (await exchange(code)).body.errorId]).toEqual([401, 'AUT432']);
    expect(await sessionsOf(consumerNo)).toBe(before + 1);
  });

  it('makes exactly one session of 12 exchanges of one code at the same moment; the others are 409 and their retries that session', async () => {
    const consumerNo = await consumerNoOf('ana@cairn.test');
    const before = await sessionsOf(consumerNo);
    const code = await signInCode('ana@cairn.test', '198.18.60.2');
    const answers = await Promise.all(Array.from({ length: 12 }, () => exchange(code)));
    const made = answers.filter((answer) => answer.status === 200);
    expect(made).toHaveLength(1);
    const others = answers.filter((answer) => answer.status !== 200);
    expect(others.map((answer) => [answer.status, answer.body.errorId, answer.cookie])).toEqual(others.map(() => [409, 'AUT409', '']));
    expect(await sessionsOf(consumerNo)).toBe(before + 1);
    const session = made[0] as (typeof answers)[number];
    const retries = await Promise.all(others.map(() => exchange(code, session.cookie)));
    expect(retries.map((retry) => [retry.status, retry.body.usid])).toEqual(others.map(() => [200, session.body.usid]));
    expect(await sessionsOf(consumerNo)).toBe(before + 1);
  });
});
