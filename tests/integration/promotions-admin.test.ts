// Promotions for marketers (the cart issue): created, scheduled and retired through /admin/promotions
// without a deploy, every change audited under the marketer's name; a new coupon works in a cart.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ADMIN_HEADERS, getJson, namedAdmin } from './helpers.ts';
import { JSON_POST } from './identity.ts';

type Json = Record<string, any>;

const promotion = (fields: Json = {}) => ({
  id: 'HIKE20',
  siteId: 'GB',
  name: '20 % off for hikers',
  level: 'PRODUCT',
  discount: { type: 'percent', percent: 20 },
  productTypes: ['boot'],
  couponCode: 'HIKE20',
  startsAt: '2026-01-01T00:00:00Z',
  ...fields,
});

function create(body: Json, headers: Record<string, string> = ADMIN_HEADERS) {
  return getJson<Json>('/admin/promotions', { method: 'POST', headers, body: JSON.stringify(body) });
}

describe('/admin/promotions', () => {
  it('creates a promotion under the marketer’s name, refuses a taken id or coupon, and lists the site’s', async () => {
    const marketer = await namedAdmin('Priya (promotions)');
    const made = await create(promotion(), marketer.headers);
    expect(made.status).toBe(201);
    expect(made.body.promotion).toMatchObject({
      id: 'GB-HIKE20',
      coupon_code: 'HIKE20',
      discount_type: 'percent',
      discount_value: 20,
      product_types: '["boot"]',
    });
    const audit = await env.DB.prepare("SELECT actor, action FROM audit_log WHERE subject = 'GB-HIKE20'").all<{ actor: string; action: string }>();
    expect(audit.results).toEqual([{ actor: 'Priya (promotions)', action: 'promotion.create' }]);
    expect((await create(promotion(), marketer.headers)).body.errorId).toBe('API409');
    expect((await create(promotion({ id: 'OTHER' }), marketer.headers)).body.errorId).toBe('API409');
    const listed = await getJson<Json>('/admin/promotions?siteId=GB', { headers: ADMIN_HEADERS });
    expect(listed.body.promotions.map((p: Json) => p.id)).toContain('GB-HIKE20');
  });

  it('names every broken rule at its field', async () => {
    const cases: [Json, string][] = [
      [{ discount: { type: 'percent', percent: 120 } }, 'discount.percent'],
      [{ callout: 'only one part' }, 'callout'],
      [{ endsAt: '2025-12-31T00:00:00Z' }, 'endsAt'],
      [{ couponCode: 'lower case' }, 'couponCode'],
      [{ level: 'BASKET' }, 'level'],
    ];
    for (const [fields, field] of cases) {
      const refused = await create(promotion({ id: 'BROKEN', couponCode: undefined, ...fields }));
      expect(refused.status, field).toBe(400);
      expect(refused.body.details[0].field, field).toBe(field);
    }
  });

  it('retires a promotion: its coupon answers expired, and the retirement is audited', async () => {
    await create(promotion({ id: 'GONE10', couponCode: 'GONE10', siteId: 'US' }));
    const retired = await getJson<Json>('/admin/promotions/US-GONE10/retire', { method: 'POST', headers: ADMIN_HEADERS });
    expect(retired.status).toBe(200);
    expect(Date.parse(retired.body.promotion.ends_at)).toBeLessThanOrEqual(Date.now());
    const cart = await getJson<Json>('/api/cart/v1/cart', { method: 'POST', headers: JSON_POST, body: '{}' });
    const cookie = cart.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const applied = await getJson<Json>('/api/cart/v1/coupon', {
      method: 'PUT',
      headers: { ...JSON_POST, cookie },
      body: JSON.stringify({ cartId: cart.body.basketId, code: 'GONE10' }),
    });
    expect(applied.body.errorId).toBe('PRM155');
    expect((await getJson<Json>('/admin/promotions/US-NOPE/retire', { method: 'POST', headers: ADMIN_HEADERS })).status).toBe(404);
  });

  it('is for admins only', async () => {
    const anonymous = await getJson<Json>('/admin/promotions', { method: 'POST', headers: JSON_POST, body: JSON.stringify(promotion({ id: 'SNEAKY' })) });
    expect(anonymous.status).toBe(401);
  });
});
