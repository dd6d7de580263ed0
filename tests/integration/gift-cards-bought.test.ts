// Gift cards in the account (the account issue, §1 Payment and resendGiftCardEmail; account-content §8 gift
// card save errors): a digital gift card bought becomes a card emailed to its recipient when the order is
// paid, the buyer can have the email sent again, and any card can be kept on the account with its balance.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { cardToken, placeOrder, stockedVariant, US_ADDRESS } from './checkout-helpers.ts';
import { emailsTo, mailSettled, one } from './helpers.ts';
import { signedInJar } from './jar.ts';

type Json = Record<string, any>;
const LEO = 'leo.loyalty@cairn.test';
const GIFT = { to: 'Ana', email: 'ana.friend@example.com', message: 'Happy birthday, see you on the trail!' };

/** The cards emailed to an address, once `count` have come and the mail queue has delivered any others. */
async function cardsEmailedTo(email: string, count: number): Promise<{ number: string; pin: string; subject: string }[]> {
  await emailsTo(email, 'gift-card', count);
  await mailSettled();
  return (await emailsTo(email, 'gift-card', count)).map((row) => ({
    subject: row.subject,
    number: (/Card number: ([\d ]+)/.exec(row.text)?.[1] ?? '').replace(/\s/g, ''),
    pin: /PIN: (\d{4})/.exec(row.text)?.[1] ?? '',
  }));
}

describe('gift cards bought', () => {
  it('are issued when the order is paid, emailed to the recipient, sent again on request, and work like any card', async () => {
    const jar = await signedInJar(LEO, '198.19.21.1');
    const boot = await stockedVariant(5, 71);
    const gift = await one<{ id: string }>(
      'SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id WHERE s.is_digital = 1 ORDER BY v.id LIMIT 1',
    );
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: boot.id, qty: 1 });
    expect((await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: gift.id, qty: 2, giftOption: GIFT })).status).toBeLessThan(300);
    await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [{ ...US_ADDRESS, email: LEO }]);
    await jar.api('POST', `/api/cart/v1/cart/${basketId}/billingAddress`, { ...US_ADDRESS, email: LEO });
    await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, {
      payment_method_id: 'CREDIT_CARD',
      additionalDetails: { token: await cardToken('4242424242424242') },
    });
    const placed = await placeOrder(jar, basketId);
    expect(placed.status).toBe(201);
    const orderNumber = placed.body.orderNumber as string;
    const line = (placed.body.items as Json[]).find((item) => item.digital) as Json;
    expect(line).toBeTruthy();

    const sent = await cardsEmailedTo(GIFT.email, 2);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.number).toMatch(/^6006491\d{9}$/);
    expect(sent[0]?.number).not.toBe(sent[1]?.number);
    const stored = await env.DB.prepare('SELECT number_hash, sealed, balance, currency FROM gift_cards WHERE order_number = ?1').bind(orderNumber).all<Json>();
    expect(stored.results).toHaveLength(2);
    for (const row of stored.results) {
      expect(row.sealed).toBeTruthy();
      expect(JSON.stringify(row)).not.toContain(sent[0]?.number);
      expect(row).toMatchObject({ currency: 'USD', balance: line.price.current });
    }

    // Sent again, the same cards.
    const other = await signedInJar('ana@cairn.test', '198.19.21.2');
    expect((await other.api('POST', '/api/consumers-v3/consumer/resendGiftCardEmail', { orderNumber, itemId: line.itemId })).body.errorId).toBe('OHS4004');
    const boots = (placed.body.items as Json[]).find((item) => !item.digital) as Json;
    expect((await jar.api('POST', '/api/consumers-v3/consumer/resendGiftCardEmail', { orderNumber, itemId: boots.itemId })).status).toBe(400);
    // Under a key that is not the one the cards were sealed with (a rotation gone wrong), nothing is sent: GFS800.
    jar.bindings = { ...env, GIFT_CARD_KEY: 'a-key-these-cards-were-not-sealed-with-0000' };
    const unsealable = await jar.api('POST', '/api/consumers-v3/consumer/resendGiftCardEmail', { orderNumber, itemId: line.itemId });
    expect([unsealable.status, unsealable.body.errorId]).toEqual([503, 'GFS800']);
    expect(await cardsEmailedTo(GIFT.email, 2)).toHaveLength(2);
    jar.bindings = env;
    const again = await jar.api('POST', '/api/consumers-v3/consumer/resendGiftCardEmail', { orderNumber, itemId: line.itemId });
    expect([again.status, again.body.sent]).toEqual([202, 2]);
    const all = await cardsEmailedTo(GIFT.email, 4);
    expect(
      all
        .slice(2)
        .map((c) => c.number)
        .sort(),
    ).toEqual(sent.map((c) => c.number).sort());
    expect(all[2]?.subject).toMatch(/^Again: /);

    // The recipient's card opens like any other: kept on an account with its balance.
    const path = '/api/consumers-v3/consumer/payment_instruments';
    const wrongPin = await other.api('POST', path, {
      paymentMethodId: 'GIFT_CARD',
      cardNumber: sent[0]?.number,
      pin: '0000' === sent[0]?.pin ? '1111' : '0000',
    });
    expect([wrongPin.status, wrongPin.body.errorId]).toEqual([400, 'GFC800']);
    const saved = await other.api('POST', path, { paymentMethodId: 'GIFT_CARD', cardNumber: sent[0]?.number, pin: sent[0]?.pin });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ paymentMethodId: 'GIFT_CARD', last4: sent[0]?.number.slice(-4), balance: line.price.current });
    expect(JSON.stringify(saved.body)).not.toContain(sent[0]?.number);
    const twice = await other.api('POST', path, { paymentMethodId: 'GIFT_CARD', cardNumber: sent[0]?.number, pin: sent[0]?.pin });
    expect([twice.status, twice.body.errorId, twice.body.message]).toEqual([409, 'GFC300', 'This gift card is already saved on your account.']);
    const listed = await other.api('GET', `${path}?method=GIFT_CARD`);
    expect(listed.body.giftCards.map((card: Json) => card.paymentInstrumentId)).toEqual([saved.body.paymentInstrumentId]);
    expect(listed.body.cards).toEqual([]);
    const removed = await other.api('DELETE', `${path}/${saved.body.paymentInstrumentId}`);
    expect(removed.body.giftCards).toEqual([]);
  });

  it('go with their order when it is cancelled whole, and cannot be cancelled on their own', async () => {
    const jar = await signedInJar('ada.athlete@cairn.test', '198.19.21.4');
    const boot = await stockedVariant(5, 72);
    const gift = await one<{ id: string }>(
      'SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id WHERE s.is_digital = 1 ORDER BY v.id LIMIT 1',
    );
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: boot.id, qty: 1 });
    await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: gift.id, qty: 1, giftOption: { ...GIFT, email: 'sam.friend@example.com' } });
    await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [{ ...US_ADDRESS, email: 'ada.athlete@cairn.test' }]);
    await jar.api('POST', `/api/cart/v1/cart/${basketId}/billingAddress`, { ...US_ADDRESS, email: 'ada.athlete@cairn.test' });
    await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, {
      payment_method_id: 'CREDIT_CARD',
      additionalDetails: { token: await cardToken('4242424242424242') },
    });
    const placed = await placeOrder(jar, basketId);
    expect(placed.status).toBe(201);
    const line = (placed.body.items as Json[]).find((item) => item.digital) as Json;
    // Cancelled once its card has been issued and emailed (the order-events consumer's work).
    await cardsEmailedTo('sam.friend@example.com', 1);
    const alone = await jar.api('POST', '/api/consumers-v3/consumer/CancelOrder', {
      orderNumber: placed.body.orderNumber,
      items: [{ itemId: line.itemId, quantity: 1 }],
    });
    expect([alone.status, alone.body.message]).toEqual([400, 'A gift card sent by email cannot be cancelled on its own.']);
    const whole = await jar.api('POST', '/api/consumers-v3/consumer/CancelOrder', { orderNumber: placed.body.orderNumber });
    expect(whole.body.status).toBe('cancelled');
    const [card] = await cardsEmailedTo('sam.friend@example.com', 1);
    expect(await one('SELECT status FROM gift_cards WHERE order_number = ?1', placed.body.orderNumber)).toEqual({ status: 'blocked' });
    const opened = await jar.api('POST', '/api/consumers-v3/consumer/payment_instruments', {
      paymentMethodId: 'GIFT_CARD',
      cardNumber: card?.number,
      pin: card?.pin,
    });
    expect(opened.body.errorId).toBe('GFC725');
  });

  it('are kept on the payment page with a plain form, refusals at their field', async () => {
    const jar = await signedInJar('will.wranx@cairn.test', '198.19.21.3');
    const refused = await jar.post('/en-us/account/payment/gift-cards', { cardNumber: '6006491299999999', pin: '1234' });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('The gift card number or PIN is not valid.');
    expect(html).toContain('value="6006491299999999"');
    const saved = await jar.post('/en-us/account/payment/gift-cards', { cardNumber: '6006 4912 0000 0002', pin: '2345' });
    expect([saved.status, saved.headers.get('location')]).toEqual([303, '/en-us/account/payment?notice=giftCardSaved']);
    const page = (await jar.get('/en-us/account/payment?notice=giftCardSaved')).html;
    expect(page).toContain('Your gift card is saved.');
    expect(page).toContain('Gift card •••• 0002');
    expect(page).toContain('$25 left');
  });
});
