// Warranty claims as the support service keeps them (the store services issue, §3), without HTTP against the
// real D1 and R2: a claim is about an item the shopper received (one of their own orders' shipped or
// delivered items) or a product bought elsewhere; another shopper's item, or one of an order that never
// left (cancelled), is refused at its field and opens nothing. The form and the emails are support.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '../../src/shared/locale/sites.ts';
import { cancelOrder } from '../../src/worker/commerce/orders/cancel.ts';
import { fileWarrantyClaim } from '../../src/worker/commerce/support/warranty.ts';
import { stockedVariant } from './checkout-helpers.ts';
import { deps, fulfilmentAt, member, placedOrder, readyBasket, review } from './checkout-services.ts';
import { one } from './helpers.ts';

type Member = Awaited<ReturnType<typeof member>>;
const description = 'The sole came away from the upper after two weeks of walking.';

async function orderOf(who: Member, email: string, offset: number): Promise<string> {
  const variant = await stockedVariant(5, offset);
  const basketId = await readyBasket(who, variant.id, email);
  await review(who, basketId);
  return (await placedOrder(who, basketId)).orderNumber;
}

const claim = (who: Member, orderLine: string) =>
  fileWarrantyClaim(env.DB, env.MEDIA, DEFAULT_LOCALE, who.claims.consumerNo as string, { orderLine, description }, []).then(
    (opened) => opened.caseNumber,
    (error: { code?: string; details?: { field: string }[] }) => `${error.code} ${error.details?.[0]?.field}`,
  );

const cases = async () => (await one<{ n: number }>("SELECT COUNT(*) AS n FROM support_cases WHERE kind = 'warranty'")).n;

describe('a warranty claim', () => {
  it('is opened for an item the shopper received, and refused for another shopper’s or one never sent', async () => {
    const leo = await member('leo.loyalty@cairn.test', '198.19.23.1');
    const ana = await member('ana@cairn.test', '198.19.23.2');
    const delivered = await orderOf(leo, 'leo.loyalty@cairn.test', 74);
    for (const minutes of [3, 14, 80]) await fulfilmentAt(minutes, delivered);
    const cancelled = await orderOf(leo, 'leo.loyalty@cairn.test', 75);
    await cancelOrder(deps, leo, leo.claims.consumerNo as string, cancelled);
    const before = await cases();

    expect(await claim(ana, `${delivered}:1`)).toBe('ORD409 orderLine');
    expect(await claim(leo, `${cancelled}:1`)).toBe('ORD409 orderLine');
    expect(await cases()).toBe(before);

    const opened = await claim(leo, `${delivered}:1`);
    expect(await one('SELECT order_number FROM support_cases WHERE case_number = ?1', opened)).toEqual({ order_number: delivered });
  });
});
