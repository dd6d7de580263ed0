// An order's payment as the order service settles it (commerce-core §7 PATCH order; the checkout issue),
// without HTTP against the real D1, Cart objects and the sandbox processor: a 3-D Secure result confirmed
// twice at the same moment (a double submit, or the bank's redirect and the page's own call) pays the order
// once and leaves its money held for it, never voided. What the calls answer is checkout.test.ts.

import { describe, expect, it } from 'vitest';
import { setCardPayment } from '../../src/worker/commerce/checkout/payment.ts';
import { runFulfilment } from '../../src/worker/commerce/orders/run-fulfilment.ts';
import { completeAuthentication } from '../../src/worker/commerce/orders/settle.ts';
import { paymentProviderFor } from '../../src/worker/commerce/payments/choose.ts';
import { answerChallenge, authorizationsFor, cardToken, stockedVariant } from './checkout-helpers.ts';
import { deps, fulfilmentAt, placedOrder, readyBasket, review, shopper } from './checkout-services.ts';
import { one } from './helpers.ts';

describe('a 3-D Secure payment', () => {
  it('is confirmed once and stays held when its result is sent twice at the same moment', async () => {
    const buyer = shopper('198.18.24.1');
    const variant = await stockedVariant(5, 77);
    const basketId = await readyBasket(buyer, variant.id, 'twice-3ds@example.com');
    await setCardPayment(deps, buyer, basketId, { token: await cardToken('4000000000003220'), save: false });
    await review(buyer, basketId);
    const placed = await placedOrder(buyer, basketId);
    expect(placed.status).toBe('awaiting_authentication');
    const challenge = placed.order.flash.find((flash) => flash.type === 'PaymentNotAuthorized') as { action: { url: string } };
    await answerChallenge(challenge.action.url, 'pass');

    const answers = await Promise.all([completeAuthentication(deps, buyer, placed.orderNumber), completeAuthentication(deps, buyer, placed.orderNumber)]);

    expect(answers.map((answer) => answer.status)).toEqual(['paid', 'paid']);
    expect((await authorizationsFor(placed.orderNumber)).map((authorization) => authorization.status)).toEqual(['authorized']);
  });

  it('that the processor refuses to capture at shipping stays held and counted, and the run goes on', async () => {
    const buyer = shopper('198.18.24.2');
    const variant = await stockedVariant(5, 82);
    const basketId = await readyBasket(buyer, variant.id, 'refused-capture@example.com');
    await review(buyer, basketId);
    const placed = await placedOrder(buyer, basketId);
    await fulfilmentAt(3, placed.orderNumber);
    const [authorization] = await authorizationsFor(placed.orderNumber);
    await paymentProviderFor(deps.env).void(authorization?.id as string);

    const moved = await runFulfilment(deps.env, new Date(Date.now() + 14 * 60_000), placed.orderNumber);

    expect(moved).toMatchObject({ shipped: 1, captureFailed: 1 });
    expect(await one('SELECT status FROM order_payments WHERE order_number = ?1 AND authorization_id IS NOT NULL', placed.orderNumber)).toEqual({
      status: 'authorized',
    });
  });
});
