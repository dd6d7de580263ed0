// Returns as the order service keeps them (the account issue, §1 Orders; account-content §7 returnLabel),
// without HTTP against the real D1 and the sandbox processor: only delivered lines, each with a known
// reason, no more units than are not already on their way back (even when two labels are asked at once),
// within 60 days of delivery; and the warehouse receiving them puts the stock back, refunds what they are
// worth, takes back their points and says so. The label, the invoice and a guest's link are
// account-after-sales.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { readOrder } from '../../src/worker/commerce/orders/order-entity.ts';
import { createReturn, type ReturnLineRequest, receiveReturn } from '../../src/worker/commerce/orders/returns.ts';
import { paymentProviderFor } from '../../src/worker/commerce/payments/choose.ts';
import { authorizationsFor, stockedVariant, stockOf } from './checkout-helpers.ts';
import { deps, fulfilmentAt, member, placedOrder, pointsOf, readyBasket, review } from './checkout-services.ts';
import { eventually, one } from './helpers.ts';

type Member = Awaited<ReturnType<typeof member>>;

/** An order of `qty` of the variant, and its one line's id. */
async function order(who: Member, variantId: string, email: string, qty: number): Promise<{ orderNumber: string; itemId: string }> {
  const basketId = await readyBasket(who, variantId, email, false, qty);
  await review(who, basketId);
  const placed = await placedOrder(who, basketId);
  return { orderNumber: placed.orderNumber, itemId: placed.order.items[0]?.itemId as string };
}

const deliver = async (orderNumber: string) => {
  for (const minutes of [3, 14, 80]) await fulfilmentAt(minutes, orderNumber);
};

/** A return asked for the order as it is now; the refusal's code, field and message, or the return. */
async function returned(who: Member, orderNumber: string, asked: ReturnLineRequest[]) {
  const current = await readOrder(env.DB, orderNumber);
  try {
    return await createReturn(deps, who, current as NonNullable<typeof current>, asked, 'owner');
  } catch (error) {
    const refused = error as { code: string; message: string; details?: { field: string; message: string }[] };
    return { refused: refused.code, field: refused.details?.[0]?.field, message: refused.details?.[0]?.message ?? refused.message };
  }
}

describe('a return', () => {
  it('takes only delivered lines, with a known reason, and no more units than are not on their way back', async () => {
    const leo = await member('leo.loyalty@cairn.test', '198.19.17.1');
    const { orderNumber, itemId } = await order(leo, (await stockedVariant(6, 63)).id, 'leo.loyalty@cairn.test', 2);
    expect(await returned(leo, orderNumber, [{ itemId, quantity: 1, reason: 'too_small' }])).toMatchObject({
      refused: 'API400',
      message: 'Only a delivered order can be returned.',
    });
    await deliver(orderNumber);
    expect(await returned(leo, orderNumber, [{ itemId, quantity: 1, reason: 'because' }])).toMatchObject({ refused: 'API400', field: 'items[0].reason' });
    expect(await returned(leo, orderNumber, [{ itemId, quantity: 1, reason: 'too_small' }])).toMatchObject({ status: 'label_issued', carrier: 'UPS' });
    expect(await returned(leo, orderNumber, [{ itemId, quantity: 2, reason: 'too_big' }])).toMatchObject({
      refused: 'API400',
      field: 'items[0].quantity',
      message: 'At most 1 of this item can be chosen.',
    });
    const after = await readOrder(env.DB, orderNumber);
    expect(after?.items[0]).toMatchObject({ returningQty: 1, returnedQty: 0 });
    expect(after?.statusHistory.filter((h) => h.status === 'delivered')).toHaveLength(1);
  });

  it('gives one label when two are asked at the same moment for the last unit', async () => {
    const ada = await member('ada.athlete@cairn.test', '198.19.17.2');
    const { orderNumber, itemId } = await order(ada, (await stockedVariant(6, 65)).id, 'ada.athlete@cairn.test', 1);
    await deliver(orderNumber);
    const both = await Promise.all([0, 1].map(() => returned(ada, orderNumber, [{ itemId, quantity: 1, reason: 'damaged' }])));
    expect(both.filter((outcome) => 'returnId' in outcome)).toHaveLength(1);
    expect(both.filter((outcome) => 'refused' in outcome)).toEqual([expect.objectContaining({ refused: expect.stringMatching(/^API40[09]$/) })]);
    expect(await one('SELECT returning_qty FROM order_lines WHERE order_number = ?1', orderNumber)).toEqual({ returning_qty: 1 });
  });

  it('is refunded when the warehouse receives it: the stock back, the points taken back, the order partly returned', async () => {
    const leo = await member('leo.loyalty@cairn.test', '198.19.17.3');
    const variant = await stockedVariant(6, 66);
    const { orderNumber, itemId } = await order(leo, variant.id, 'leo.loyalty@cairn.test', 2);
    await deliver(orderNumber);
    const [stock, points] = [await stockOf(variant.id), await pointsOf(leo.claims.consumerNo as string)];
    const label = await returned(leo, orderNumber, [{ itemId, quantity: 1, reason: 'too_small' }]);
    await fulfilmentAt(3 * 24 * 60, orderNumber);
    const after = await readOrder(env.DB, orderNumber);
    expect(after?.status).toBe('partly_returned');
    const refund = await one<{ refund_amount: number; status: string }>(
      'SELECT refund_amount, status FROM order_returns WHERE return_id = ?1',
      (label as { returnId: string }).returnId,
    );
    expect(refund.status).toBe('refunded');
    expect(refund.refund_amount).toBeGreaterThan(0);
    expect(await stockOf(variant.id)).toBe(stock + 1);
    expect((await authorizationsFor(orderNumber))[0]).toMatchObject({ status: 'captured', refundedAmount: refund.refund_amount });
    expect(await pointsOf(leo.claims.consumerNo as string)).toBeLessThan(points);
    const subject = `We received your return ${(label as { returnId: string }).returnId}`;
    expect(await eventually(() => one("SELECT subject FROM outbox WHERE kind = 'return-refunded' AND subject = ?1", subject))).toEqual({ subject });
  });

  it('is received and refunded once when the warehouse scans it twice in the same millisecond', async () => {
    const leo = await member('leo.loyalty@cairn.test', '198.19.17.6');
    const variant = await stockedVariant(6, 73);
    const { orderNumber, itemId } = await order(leo, variant.id, 'leo.loyalty@cairn.test', 2);
    await deliver(orderNumber);
    const stock = await stockOf(variant.id);
    const label = (await returned(leo, orderNumber, [{ itemId, quantity: 1, reason: 'too_small' }])) as { returnId: string };

    const now = new Date().toISOString();
    const provider = paymentProviderFor(env);
    const received = await Promise.all([
      receiveReturn(env.DB, provider, label.returnId, null, now),
      receiveReturn(env.DB, provider, label.returnId, null, now),
    ]);

    expect(received.filter(Boolean)).toHaveLength(1);
    expect(await stockOf(variant.id)).toBe(stock + 1);
    expect(await one('SELECT COUNT(*) AS n FROM order_refunds WHERE return_id = ?1', label.returnId)).toEqual({ n: 1 });
    expect(await one('SELECT returned_qty FROM order_lines WHERE order_number = ?1', orderNumber)).toEqual({ returned_qty: 1 });
    const refund = await one<{ refund_amount: number }>('SELECT refund_amount FROM order_returns WHERE return_id = ?1', label.returnId);
    expect((await authorizationsFor(orderNumber))[0]).toMatchObject({ refundedAmount: refund.refund_amount });
  });

  it('is closed 60 days after delivery', async () => {
    const ana = await member('ana@cairn.test', '198.19.17.4');
    const { orderNumber, itemId } = await order(ana, (await stockedVariant(6, 64)).id, 'ana@cairn.test', 1);
    await deliver(orderNumber);
    await env.DB.prepare("UPDATE order_status_history SET at = '2020-01-01T00:00:00.000Z' WHERE order_number = ?1 AND status = 'delivered'")
      .bind(orderNumber)
      .run();
    expect(await returned(ana, orderNumber, [{ itemId, quantity: 1, reason: 'changed_mind' }])).toMatchObject({
      refused: 'API400',
      message: 'The 60-day return window for this order has closed.',
    });
  });
});
