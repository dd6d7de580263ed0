// Reward codes and reward cards (the checkout issue §2 split tenders; commerce-core §3, §5, §6, §8 REW): a
// loyalty member's own stored value, applied by code, number or the id the cart lists it with; one per order.
// Spending them at the order (a split with points and a card, a decline, two orders at once) is tested on the
// order service in reward-rules.test.ts.

import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockedVariant } from './checkout-helpers.ts';
import { one } from './helpers.ts';
import { Jar, signedInJar } from './jar.ts';

const LEO = 'leo.loyalty@cairn.test';

async function basketOf(jar: Jar, offset: number): Promise<{ basketId: string; total: number }> {
  const variant = await stockedVariant(5, offset);
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id, qty: 1 });
  return { basketId, total: added.body.totals.total as number };
}

const _balanceOf = async (id: string) => (await one<{ balance: number }>('SELECT balance FROM gift_cards WHERE id = ?1', id)).balance;

describe('reward codes and reward cards', () => {
  afterAll(async () => {
    await env.DB.prepare("UPDATE gift_cards SET balance = 1000 WHERE id = 'rw-demo-1'").run();
  });

  it('are listed for the member who holds them, only those that can pay now', async () => {
    const jar = await signedInJar(LEO, '198.19.12.1');
    const { basketId } = await basketOf(jar, 30);
    const methods = (await jar.api('GET', `/api/cart/v1/cart/${basketId}/paymentMethods`)).body.paymentMethods as {
      id: string;
      additionalData?: { rewards: unknown[] };
    }[];
    expect(methods.find((m) => m.id === 'REWARD_CODE')?.additionalData?.rewards).toEqual([
      { rewardId: 'rw-demo-1', masked: '•••• BDAY', balance: 1000, reason: 'Birthday reward', expiresOn: '2027-03-31' },
    ]);
    expect(methods.find((m) => m.id === 'REWARD_CARD')?.additionalData?.rewards).toEqual([
      { rewardId: 'rw-demo-4', masked: '•••• 0101', balance: 4000, reason: 'Reward card', expiresOn: null },
    ]);
  });

  it('pay part of the cart, one at a time, typed as the member reads them', async () => {
    const jar = await signedInJar(LEO, '198.19.12.2');
    const { basketId, total } = await basketOf(jar, 31);
    const instruments = `/api/cart/v1/cart/${basketId}/paymentInstruments`;
    const code = await jar.api('POST', instruments, { payment_method_id: 'REWARD_CODE', code: ' rwd-leo1-bday ' });
    expect(code.status).toBe(200);
    expect(code.body.payment_instruments).toEqual([expect.objectContaining({ payment_method_id: 'REWARD_CODE', amount: 1000, balance: 1000 })]);
    expect(code.body.totals.remainingToPay).toBe(total - 1000);
    const second = await jar.api('POST', instruments, { payment_method_id: 'REWARD_CARD', cardNumber: '6033 0000 0000 0101' });
    expect([second.status, second.body.errorId]).toEqual([409, 'API409']);
    const removed = await jar.api('DELETE', instruments, { payment_instrument_id: code.body.payment_instruments[0].payment_instrument_id });
    expect(removed.body.payment_instruments).toEqual([]);
    const card = await jar.api('POST', instruments, { payment_method_id: 'REWARD_CARD', cardNumber: '6033 0000 0000 0101' });
    expect(card.body.payment_instruments).toEqual([expect.objectContaining({ payment_method_id: 'REWARD_CARD', amount: Math.min(4000, total) })]);
    // Leo's cart is his account's: the next journey starts without the card on it.
    await jar.api('DELETE', instruments, { payment_instrument_id: card.body.payment_instruments[0].payment_instrument_id });
  });

  it('refuse what is expired, used up, someone else’s, unknown or malformed, at the field', async () => {
    const jar = await signedInJar(LEO, '198.19.12.3');
    const { basketId } = await basketOf(jar, 32);
    const apply = (code: string) => jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'REWARD_CODE', code });
    const cases: [string, number, string, string][] = [
      ['RWD-LEO2-SPNG', 410, 'REW410', 'This reward has expired.'],
      ['RWD-LEO3-USED', 409, 'REW140', 'This reward has no value left.'],
      ['RWD-ANA1-GIFT', 404, 'REW404', 'This reward code or reward card is not on your account.'],
      ['RWD-0000-0000', 404, 'REW404', 'This reward code or reward card is not on your account.'],
      ['GIFT-1234', 400, 'API400', 'A reward code reads RWD-XXXX-XXXX.'],
    ];
    for (const [code, status, errorId, message] of cases) {
      const refused = await apply(code);
      expect([code, refused.status, refused.body.errorId, refused.body.details]).toEqual([code, status, errorId, [{ field: 'code', message }]]);
    }
    // A listed id of another member's reward is as unknown.
    const byId = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'REWARD_CODE', rewardId: 'rw-demo-5' });
    expect(byId.body.errorId).toBe('REW404');
  });

  it('are for signed-in loyalty members only', async () => {
    const guest = new Jar();
    guest.address = '198.19.12.4';
    const asGuest = await basketOf(guest, 33);
    const refusedGuest = await guest.api('POST', `/api/cart/v1/cart/${asGuest.basketId}/paymentInstruments`, {
      payment_method_id: 'REWARD_CODE',
      code: 'RWD-LEO1-BDAY',
    });
    expect([refusedGuest.status, refusedGuest.body.errorId]).toEqual([401, 'REW401']);
    const ana = await signedInJar('ana@cairn.test', '198.19.12.5');
    const asAna = await basketOf(ana, 33);
    const refusedAna = await ana.api('POST', `/api/cart/v1/cart/${asAna.basketId}/paymentInstruments`, {
      payment_method_id: 'REWARD_CODE',
      code: 'RWD-ANA1-GIFT',
    });
    expect([refusedAna.status, refusedAna.body.errorId]).toEqual([403, 'REW130']);
  });
});

describe('rewards and the athlete allowance', () => {
  const ADA = 'ada.athlete@cairn.test';
  beforeAll(async () => {
    await env.DB.batch([
      env.DB.prepare("UPDATE consumers SET member_id = 'M0000000043', loyalty_opt_in_date = '2026-01-01' WHERE email = ?1").bind(ADA),
      env.DB.prepare(
        `INSERT INTO gift_cards (id, number_hash, last4, pin_hash, currency, balance, status, created_at, kind, consumer_no, reason)
         VALUES ('rw-ada-1', 'test-ada-reward', 'ADA1', 'none', 'USD', 2000, 'active', '2026-11-01', 'REWARD_CARD', 'C1000000003', 'Reward card')`,
      ),
    ]);
  });
  afterAll(async () => {
    await env.DB.batch([
      env.DB.prepare("DELETE FROM gift_cards WHERE id = 'rw-ada-1'"),
      env.DB.prepare('UPDATE consumers SET member_id = NULL, loyalty_opt_in_date = NULL WHERE email = ?1').bind(ADA),
    ]);
  });

  it('wait until the allowance is used up (commerce-core §5)', async () => {
    const jar = await signedInJar(ADA, '198.19.12.7');
    const { basketId } = await basketOf(jar, 35);
    const refused = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'REWARD_CARD', rewardId: 'rw-ada-1' });
    expect([refused.status, refused.body.errorId, refused.body.details[0].field]).toEqual([409, 'API409', 'cardNumber']);
    await env.DB.prepare('UPDATE consumers SET athlete_current_spend = athlete_annual_credit WHERE email = ?1').bind(ADA).run();
    const applied = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'REWARD_CARD', rewardId: 'rw-ada-1' });
    expect(applied.status).toBe(200);
    expect(applied.body.payment_instruments[0]).toMatchObject({ payment_method_id: 'REWARD_CARD', amount: 2000 });
    await env.DB.prepare('UPDATE consumers SET athlete_current_spend = 42000 WHERE email = ?1').bind(ADA).run();
  });
});
