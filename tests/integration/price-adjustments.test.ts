// Price adjustments (the cart issue, §2): only an in-store associate connected on a registered store device
// may take an amount or a percent off a line, with a reason, up to PRICE_ADJUSTMENT_MAX_PERCENT of it; each
// change, and each refusal past the limit, is in the audit log under their id.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_STORE_PIN } from '../../scripts/seed/store-employees.ts';
import { PRICE_ADJUSTMENT_MAX_PERCENT } from '../../src/shared/commerce/commerce-config.ts';
import { one } from './helpers.ts';
import { Jar } from './jar.ts';
import { enrolmentCode } from './store-device.ts';

async function cartWithBoot(jar: Jar) {
  const variant = await one<{ id: string; price: number }>(
    `SELECT v.id, COALESCE(pr.sale_amount, pr.list_amount) AS price FROM variants v JOIN inventory i ON i.variant_id = v.id
     JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US' WHERE i.quantity >= 3 AND COALESCE(pr.sale_amount, pr.list_amount) > 5000
     ORDER BY v.id DESC LIMIT 1`,
  );
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id });
  return { basketId, itemId: added.body.items[0].id as string, price: variant.price, cart: added.body };
}

/** The jar as a registered store device with an associate connected on it. */
async function connectedAssociate(jar: Jar, storeId: string): Promise<{ employee_id: string }> {
  const { code } = await enrolmentCode(storeId);
  expect((await jar.api('POST', '/api/consumers-v3/associate/device', { deviceCode: code })).status).toBe(201);
  const employee = await one<{ employee_id: string }>('SELECT employee_id FROM store_employees WHERE store_id = ?1 ORDER BY employee_id LIMIT 1', storeId);
  const connected = await jar.api('POST', '/api/consumers-v3/associate/session', { storeId, employeeId: employee.employee_id, pin: DEMO_STORE_PIN });
  expect(connected.status).toBe(200);
  return employee;
}

describe('price adjustments', () => {
  it('are refused PRC400 on a line that has no price left to adjust', async () => {
    const jar = new Jar();
    jar.address = '198.51.100.95';
    await connectedAssociate(jar, 'US-0006');
    const { basketId, itemId } = await cartWithBoot(jar);
    const variantId = (await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.items[0].productId as string;
    const product = await one<{ product_id: string }>('SELECT product_id FROM variants WHERE id = ?1', variantId);
    const prices = (await env.DB.prepare("SELECT * FROM prices WHERE item_id = ?1 AND site_id = 'US'").bind(product.product_id).all<Record<string, unknown>>())
      .results;
    await env.DB.prepare("DELETE FROM prices WHERE item_id = ?1 AND site_id = 'US'").bind(product.product_id).run();
    for (const body of [
      { itemId, kind: 'amount', value: 500, reason: 'Scuffed box' },
      { itemId, kind: 'percent', value: 10, reason: 'Scuffed box' },
    ]) {
      const refused = await jar.api('POST', `/api/cart/v1/cart/${basketId}/price_adjustments`, body);
      expect([refused.status, refused.body.errorId, refused.body.details[0].field]).toEqual([409, 'PRC400', 'itemId']);
    }
    for (const row of prices) {
      const columns = Object.keys(row);
      await env.DB.prepare(`INSERT INTO prices (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
        .bind(...columns.map((c) => row[c]))
        .run();
    }
  });

  it('are refused to a shopper', async () => {
    const jar = new Jar();
    const { basketId, itemId } = await cartWithBoot(jar);
    const refused = await jar.api('POST', `/api/cart/v1/cart/${basketId}/price_adjustments`, { itemId, kind: 'amount', value: 1000, reason: 'Scuffed box' });
    expect([refused.status, refused.body.errorId]).toEqual([403, 'API403']);
  });

  it('let a connected associate take an amount or a percent off a line, audited, and remove it', async () => {
    const jar = new Jar();
    jar.address = '198.51.100.90';
    const employee = await connectedAssociate(jar, 'US-0005');
    const { basketId, itemId, price, cart } = await cartWithBoot(jar);
    const created = await jar.api('POST', `/api/cart/v1/cart/${basketId}/price_adjustments`, { itemId, kind: 'amount', value: 1000, reason: 'Scuffed box' });
    expect(created.status).toBe(200);
    const adjustment = created.body.priceAdjustments[0];
    expect(adjustment).toMatchObject({
      itemId,
      kind: 'amount',
      value: 1000,
      amount: 1000,
      reason: 'Scuffed box',
      storeId: 'US-0005',
      storeEmployeeId: employee.employee_id,
    });
    expect(created.body.items[0].price.priceAfterItemDiscount).toBe(cart.items[0].price.priceAfterItemDiscount - 1000);

    const tooMuch = await jar.api('PATCH', `/api/cart/v1/cart/${basketId}/price_adjustments/${adjustment.adjustmentId}`, {
      kind: 'percent',
      value: 150,
      reason: 'x',
    });
    expect([tooMuch.status, tooMuch.body.details[0].field]).toEqual([400, 'value']);
    const percent = await jar.api('PATCH', `/api/cart/v1/cart/${basketId}/price_adjustments/${adjustment.adjustmentId}`, {
      kind: 'percent',
      value: 20,
      reason: 'Price match',
    });
    expect(percent.body.priceAdjustments).toHaveLength(1);
    expect(percent.body.priceAdjustments[0]).toMatchObject({ kind: 'percent', value: 20, amount: Math.round(price * 0.2) });

    const removed = await jar.api('DELETE', `/api/cart/v1/cart/${basketId}/price_adjustments/${adjustment.adjustmentId}`);
    expect(removed.body.priceAdjustments).toEqual([]);
    const gone = await jar.api('DELETE', `/api/cart/v1/cart/${basketId}/price_adjustments/${adjustment.adjustmentId}`);
    expect(gone.status).toBe(404);

    const { results } = await env.DB.prepare(
      "SELECT action, actor, details FROM audit_log WHERE subject = ?1 AND action LIKE 'cart.price_adjustment.%' ORDER BY id",
    )
      .bind(`basket:${basketId}`)
      .all<{ action: string; actor: string; details: string }>();
    expect(results.map((r) => r.action)).toEqual(['cart.price_adjustment.create', 'cart.price_adjustment.update', 'cart.price_adjustment.delete']);
    expect(results.every((r) => r.actor === `associate:${employee.employee_id}`)).toBe(true);
    expect(JSON.parse(results[0]?.details ?? '{}')).toMatchObject({ itemId, kind: 'amount', value: 1000, reason: 'Scuffed box', storeId: 'US-0005' });
  });

  it('are refused above the most an associate may give, and the refusal is audited', async () => {
    const jar = new Jar();
    jar.address = '198.51.100.91';
    const employee = await connectedAssociate(jar, 'US-0006');
    const { basketId, itemId, price, cart } = await cartWithBoot(jar);
    const path = `/api/cart/v1/cart/${basketId}/price_adjustments`;
    const percent = await jar.api('POST', path, { itemId, kind: 'percent', value: 90, reason: 'Friend' });
    expect([percent.status, percent.body.errorId]).toEqual([403, 'PRC403']);
    // An amount is measured against the line it comes off.
    const amount = await jar.api('POST', path, { itemId, kind: 'amount', value: Math.ceil(price * 0.9), reason: 'Friend' });
    expect([amount.status, amount.body.errorId]).toEqual([403, 'PRC403']);
    const after = await jar.api('GET', `/api/cart/v1/cart/${basketId}`);
    expect(after.body.priceAdjustments).toEqual([]);
    expect(after.body.totals.total).toBe(cart.totals.total);
    const atLimit = await jar.api('POST', path, { itemId, kind: 'percent', value: PRICE_ADJUSTMENT_MAX_PERCENT, reason: 'Price match' });
    expect(atLimit.status).toBe(200);
    // Raising one past the limit is refused as well, and the line keeps what it had.
    const raised = await jar.api('PATCH', `${path}/${atLimit.body.priceAdjustments[0].adjustmentId}`, { kind: 'percent', value: 80, reason: 'x' });
    expect(raised.body.errorId).toBe('PRC403');
    expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.priceAdjustments[0]).toMatchObject({ value: PRICE_ADJUSTMENT_MAX_PERCENT });
    const { results } = await env.DB.prepare("SELECT actor, details FROM audit_log WHERE subject = ?1 AND action = 'cart.price_adjustment.refused' ORDER BY id")
      .bind(`basket:${basketId}`)
      .all<{ actor: string; details: string }>();
    expect(results).toHaveLength(3);
    expect(results.every((r) => r.actor === `associate:${employee.employee_id}`)).toBe(true);
    expect(JSON.parse(results[0]?.details ?? '{}')).toMatchObject({ itemId, kind: 'percent', value: 90, reason: 'Friend', storeId: 'US-0006' });
  });

  it('never take more than the limit off a line whose quantity came down after the amount was given', async () => {
    const jar = new Jar();
    jar.address = '198.51.100.93';
    await connectedAssociate(jar, 'US-0007');
    const { basketId, itemId, price } = await cartWithBoot(jar);
    await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId, qty: 3 });
    // The most allowed off three pairs, given as an amount, then two pairs leave the line.
    const amount = Math.floor((price * 3 * PRICE_ADJUSTMENT_MAX_PERCENT) / 100);
    expect(
      (await jar.api('POST', `/api/cart/v1/cart/${basketId}/price_adjustments`, { itemId, kind: 'amount', value: amount, reason: 'Price match' })).status,
    ).toBe(200);
    const one = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId, qty: 1 });
    expect(one.status).toBe(200);
    expect(one.body.priceAdjustments[0].amount).toBe(Math.floor((price * PRICE_ADJUSTMENT_MAX_PERCENT) / 100));
    expect(one.body.items[0].price.priceAfterItemDiscount).toBeGreaterThanOrEqual(price - Math.floor((price * PRICE_ADJUSTMENT_MAX_PERCENT) / 100));
  });

  it('need the store device the associate connected on, not only its session', async () => {
    const jar = new Jar();
    jar.address = '198.51.100.92';
    await connectedAssociate(jar, 'US-0007');
    const { basketId, itemId } = await cartWithBoot(jar);
    // The session's cookies carried to another machine, without the device's registration.
    const elsewhere = new Jar();
    elsewhere.address = '203.0.113.92';
    elsewhere.cookies = Object.fromEntries(Object.entries(jar.cookies).filter(([name]) => name !== 'cairn_store_device'));
    const refused = await elsewhere.api('POST', `/api/cart/v1/cart/${basketId}/price_adjustments`, { itemId, kind: 'amount', value: 500, reason: 'Scuffed' });
    expect([refused.status, refused.body.errorId]).toEqual([403, 'STR403']);
  });
});
