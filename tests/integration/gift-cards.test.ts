// Gift cards over HTTP (the cart issue, §3): the balance call's answers, every GFC code at its status and
// field, the number never answered, the limits' 429 answers, and cards on the cart (the most per cart, what
// is left to pay). The rules behind the limits (per session, address and card, a burst, forgiveness) are
// tested on the service in gift-card-rules.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { GIFT_CARD_GUESSES, GIFT_CARD_MAX_PER_CART, GIFT_CARD_PIN_LOCK } from '../../src/shared/commerce/commerce-config.ts';
import { giftCardDigest } from '../../src/worker/commerce/gift-cards/digest.ts';
import { demoCard, ownGiftCard } from './gift-card-helpers.ts';
import { one } from './helpers.ts';
import { Jar } from './jar.ts';

let addressSeq = 0;
/** A shopper at an address of their own, so the per-address guess limit of one test does not touch another. */
function shopper(): Jar {
  const jar = new Jar();
  jar.address = `198.51.100.${++addressSeq}`;
  return jar;
}

async function cartWithBoot(jar: Jar): Promise<{ basketId: string; total: number }> {
  const variant = await one<{ id: string }>(
    `SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
     WHERE i.quantity > 3 AND COALESCE(pr.sale_amount, pr.list_amount) > 5000 ORDER BY v.id LIMIT 1`,
  );
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id, qty: 2 });
  return { basketId, total: added.body.totals.total as number };
}

describe('gift card balance', () => {
  it('answers the balance of a card, masked, with spaces in the number allowed', async () => {
    const jar = shopper();
    const { cardNumber, pin } = demoCard('0001');
    const answer = await jar.api('POST', '/api/cart/v1/giftcard/balance', { cardNumber: cardNumber.replace(/(\d{4})/g, '$1 ').trim(), pin });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.body).toMatchObject({ maskedNumber: '•••• 0001', balance: 10_000, currency: 'USD', expiresOn: null });
    expect(JSON.stringify(answer.body)).not.toContain(cardNumber);
    // A card with nothing left has a balance of 0 to show.
    expect((await jar.api('POST', '/api/cart/v1/giftcard/balance', demoCard('0003'))).body.balance).toBe(0);
  });

  it('refuses with each code at its field', async () => {
    const jar = shopper();
    const cases: [Record<string, string>, number, string, string | undefined][] = [
      [{ cardNumber: '', pin: '1234' }, 400, 'GFC400', 'cardNumber'],
      [{ cardNumber: demoCard('0001').cardNumber, pin: '' }, 400, 'GFC400', 'pin'],
      [{ cardNumber: '1234-abcd', pin: '1234' }, 400, 'GFC700', 'cardNumber'],
      [{ cardNumber: '6006491299999999', pin: '1234' }, 400, 'GFC800', 'cardNumber'],
      [{ ...demoCard('0001'), pin: '0000' }, 400, 'GFC800', 'cardNumber'],
      [demoCard('0005'), 403, 'GFC725', 'cardNumber'],
      [demoCard('0006'), 403, 'GFC725', 'cardNumber'],
      [demoCard('0004'), 410, 'GFC812', 'cardNumber'],
    ];
    for (const [body, status, code, field] of cases) {
      const answer = await jar.api('POST', '/api/cart/v1/giftcard/balance', body);
      expect([answer.status, answer.body.errorId], JSON.stringify(body)).toEqual([status, code]);
      expect(answer.body.details?.[0]?.field).toBe(field);
    }
  });

  it('answers a session that guessed too often 429, and another session from its address alike', async () => {
    const jar = shopper();
    for (let i = 0; i < GIFT_CARD_GUESSES.refuseAfter; i += 1) {
      const wrong = await jar.api('POST', '/api/cart/v1/giftcard/balance', { cardNumber: `60064912999${String(i).padStart(5, '0')}`, pin: '1111' });
      expect(wrong.body.errorId).toBe('GFC800');
    }
    const limited = await jar.api('POST', '/api/cart/v1/giftcard/balance', demoCard('0001'));
    expect(limited.status).toBe(429);
    expect(limited.body.errorId).toBe('API429');
    // Another session from the same address is stopped too.
    const sameAddress = new Jar();
    sameAddress.address = jar.address;
    expect((await sameAddress.api('POST', '/api/cart/v1/giftcard/balance', demoCard('0001'))).status).toBe(429);
  });

  it('answers an unknown number and a wrong PIN alike, so numbers cannot be told apart', async () => {
    const jar = shopper();
    const unknown = await jar.api('POST', '/api/cart/v1/giftcard/balance', { cardNumber: '6006491299999998', pin: '1234' });
    const wrongPin = await jar.api('POST', '/api/cart/v1/giftcard/balance', { ...demoCard('0008'), pin: '0000' });
    const shape = (answer: { status: number; body: Record<string, any> }) => [answer.status, answer.body.errorId, answer.body.message, answer.body.details];
    expect(shape(unknown)).toEqual(shape(wrongPin));
    expect(unknown.body.errorId).toBe('GFC800');
  });

  it('answers a locked card 429 with when to try again, on its balance and on a cart', async () => {
    const { cardNumber, pin } = await ownGiftCard();
    // Each guess from a session and address of its own: no per-session or per-address limit is reached.
    for (let i = 0; i < GIFT_CARD_PIN_LOCK.wrongPins; i += 1) {
      const wrong = await shopper().api('POST', '/api/cart/v1/giftcard/balance', { cardNumber, pin: String(1000 + i) });
      expect([wrong.status, wrong.body.errorId]).toEqual([400, 'GFC800']);
    }
    const right = await shopper().api('POST', '/api/cart/v1/giftcard/balance', { cardNumber, pin });
    expect([right.status, right.body.errorId]).toEqual([429, 'GFC429']);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(GIFT_CARD_PIN_LOCK.lockSeconds - 60);
    // Applying it to a cart is a PIN check too.
    const buyer = shopper();
    const { basketId } = await cartWithBoot(buyer);
    const applied = await buyer.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'GIFT_CERTIFICATE', cardNumber, pin });
    expect([applied.status, applied.body.errorId]).toEqual([429, 'GFC429']);
    // Another card is not held back by this one's guesses.
    expect((await shopper().api('POST', '/api/cart/v1/giftcard/balance', demoCard('0002'))).status).toBe(200);
  });
});

describe('gift cards on the cart', () => {
  it('pay part of the total in the order applied, once each, and come off again', async () => {
    const jar = shopper();
    const { basketId, total } = await cartWithBoot(jar);
    const first = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'GIFT_CERTIFICATE', ...demoCard('0002') });
    expect(first.status).toBe(200);
    expect(first.body.payment_instruments).toMatchObject([
      { payment_method_id: 'GIFT_CERTIFICATE', maskedGiftCertificateCode: '•••• 0002', amount: 2_500, balance: 2_500 },
    ]);
    expect(first.body.totals).toMatchObject({ total, remainingToPay: total - 2_500 });
    const again = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'GIFT_CERTIFICATE', ...demoCard('0002') });
    expect([again.status, again.body.errorId]).toEqual([409, 'GFC755']);
    // By the id the payment methods list names it (GIFT_CARD), as well as the cart's own.
    const second = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'GIFT_CARD', ...demoCard('0001') });
    const paid = Math.min(10_000, total - 2_500);
    expect(second.body.payment_instruments[1]).toMatchObject({ maskedGiftCertificateCode: '•••• 0001', amount: paid });
    expect(second.body.totals.remainingToPay).toBe(total - 2_500 - paid);
    expect(JSON.stringify(second.body)).not.toContain(demoCard('0001').cardNumber);

    const instrumentId = second.body.payment_instruments[0].payment_instrument_id as string;
    const removed = await jar.api('DELETE', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_instrument_id: instrumentId });
    expect(removed.body.payment_instruments.map((p: { maskedGiftCertificateCode: string }) => p.maskedGiftCertificateCode)).toEqual(['•••• 0001']);
    const missing = await jar.api('DELETE', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_instrument_id: instrumentId });
    expect([missing.status, missing.body.errorId]).toEqual([404, 'PYT404']);
  });

  it('refuses an empty card and more than the most a cart takes', async () => {
    const jar = shopper();
    const { basketId } = await cartWithBoot(jar);
    const empty = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'GIFT_CERTIFICATE', ...demoCard('0003') });
    expect([empty.status, empty.body.errorId]).toEqual([409, 'GFC740']);
    // Cards of this test's own, so the limit is reached with valid ones.
    const extra: { cardNumber: string; pin: string }[] = [];
    for (let i = 0; i <= GIFT_CARD_MAX_PER_CART; i += 1) {
      const number = `60064913${String(Date.now()).slice(-6)}${i}${addressSeq}`.slice(0, 16);
      await env.DB.prepare(
        "INSERT INTO gift_cards (id, number_hash, last4, pin_hash, currency, balance, status, created_at) VALUES (?1, ?2, ?3, ?4, 'USD', 1000, 'active', '2026-11-01')",
      )
        .bind(
          `gc-test-${number}`,
          await giftCardDigest(env.GIFT_CARD_KEY as string, number),
          number.slice(-4),
          await giftCardDigest(env.GIFT_CARD_KEY as string, `pin:${number}:4321`),
        )
        .run();
      extra.push({ cardNumber: number, pin: '4321' });
    }
    for (const [index, each] of extra.entries()) {
      const answer = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'GIFT_CERTIFICATE', ...each });
      if (index < GIFT_CARD_MAX_PER_CART) expect(answer.status).toBe(200);
      else expect([answer.status, answer.body.errorId, answer.body.details[0].field]).toEqual([409, 'GFC410', 'cardNumber']);
    }
  });

  it('cannot be put on another session’s cart', async () => {
    const owner = shopper();
    const { basketId } = await cartWithBoot(owner);
    const stranger = shopper();
    const refused = await stranger.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, {
      payment_method_id: 'GIFT_CERTIFICATE',
      ...demoCard('0001'),
    });
    expect([refused.status, refused.body.errorId]).toEqual([403, 'AUT498']);
  });
});
