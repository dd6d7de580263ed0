// Price adjustments as the cart and order services keep them (the cart issue, §2), without HTTP against the
// real D1 and Cart objects: a line carries one adjustment, so adjustments given at the same moment never
// add up past PRICE_ADJUSTMENT_MAX_PERCENT, and the order pays the adjusted price that the review showed.
// Who may adjust, the audit and what the calls answer are price-adjustments.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { PRICE_ADJUSTMENT_MAX_PERCENT } from '../../src/shared/commerce/commerce-config.ts';
import { adjustPrice } from '../../src/worker/commerce/cart/price-adjustments.ts';
import { stockedVariant } from './checkout-helpers.ts';
import { deps, linesOf, orderOutcome, readyBasket, review, shopper } from './checkout-services.ts';
import { one } from './helpers.ts';

/** A guest served by an associate connected on a device of the store, as the associate page leaves a till. */
async function servedInStore(storeId: string, address: string) {
  const store = await one<{ name: string }>('SELECT name FROM stores WHERE id = ?1', storeId);
  const employee = await one<{ employee_id: string }>('SELECT employee_id FROM store_employees WHERE store_id = ?1 ORDER BY employee_id LIMIT 1', storeId);
  const guest = shopper(address);
  const device = { id: `till-${storeId}`, storeId, storeName: store.name, storeCity: '', label: 'Till 1' };
  return {
    ...guest,
    claims: { ...guest.claims, buyInStore: { storeId, storeName: store.name, storeEmployeeId: employee.employee_id, storeEmployeeName: 'Associate' } },
    device: async () => device,
  };
}

describe('price adjustments', () => {
  it('never add up past the limit on a line when 12 are given at once, each within it', { timeout: 30_000 }, async () => {
    const associate = await servedInStore('US-0005', '198.51.100.120');
    const variant = await stockedVariant(3, 40);
    const basketId = await readyBasket(associate, variant.id, 'till@example.com');
    const [line] = await linesOf(associate, basketId);
    const before = (await review(associate, basketId)).cart.totals.total;

    const given = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        adjustPrice(deps, associate, basketId, {
          itemId: line?.id,
          kind: 'percent',
          value: PRICE_ADJUSTMENT_MAX_PERCENT - (i % 3),
          reason: `Price match ${i}`,
        }),
      ),
    );

    expect(given.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    const { cart } = await review(associate, basketId);
    expect(cart.priceAdjustments).toHaveLength(1);
    const off = before - cart.totals.total;
    expect(off).toBeGreaterThan(0);
    expect(off).toBeLessThanOrEqual(Math.floor((variant.price * PRICE_ADJUSTMENT_MAX_PERCENT) / 100) + 1);
  });

  it('are paid by the order as the review showed them', async () => {
    const associate = await servedInStore('US-0006', '198.51.100.121');
    const variant = await stockedVariant(3, 41);
    const basketId = await readyBasket(associate, variant.id, 'till-order@example.com');
    const [line] = await linesOf(associate, basketId);
    await adjustPrice(deps, associate, basketId, { itemId: line?.id, kind: 'amount', value: 1500, reason: 'Scuffed box' });
    const shown = (await review(associate, basketId)).cart;
    expect(shown.priceAdjustments[0]).toMatchObject({ amount: 1500 });

    const placed = await orderOutcome(associate, basketId);

    const order = await one<{ total: number; store: string }>(
      "SELECT json_extract(totals, '$.total') AS total, json_extract(in_store_sales_info, '$.storeId') AS store FROM orders WHERE order_number = ?1",
      placed.orderNumber,
    );
    expect(order).toEqual({ total: shown.totals.total, store: 'US-0006' });
    const paid = await env.DB.prepare("SELECT SUM(amount) AS n FROM order_payments WHERE order_number = ?1 AND status <> 'pending'")
      .bind(placed.orderNumber)
      .first<{ n: number }>();
    expect(paid?.n).toBe(shown.totals.total);
  });
});
