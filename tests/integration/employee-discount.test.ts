// The employee discount at checkout (the checkout issue, §3; commerce-core §6): only once the employee has
// accepted its terms, and only while this year's spend is under their allowance; the cart says why not.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { stockedVariant } from './checkout-helpers.ts';
import { signedInJar } from './jar.ts';

type Json = Record<string, any>;

type Flash = { type: string; message: string };

describe('the employee discount', () => {
  it('waits for the accepted terms, applies, and stops at the yearly allowance', async () => {
    const jar = await signedInJar('eve.employee@cairn.test', '198.19.4.1');
    const variant = await stockedVariant();
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id, qty: 1 });
    const promotions = (cart: Json) => (cart.orderPromotions as { promotionId: string }[]).map((p) => p.promotionId);
    try {
      expect(promotions(added.body)).not.toContain('US-STAFF40');
      expect(added.body.flash).toContainEqual(
        expect.objectContaining({
          type: 'EmployeeTermsNotAccepted',
          message: 'Accept the employee discount terms in your account to get your discount on this order.',
        }),
      );
      expect((await jar.get('/en-us/cart')).html).toContain('Accept the employee discount terms in your account');

      const accepted = await jar.post('/en-us/account/employee-terms', {});
      expect(accepted.status).toBe(303);
      const discounted = await jar.api('GET', `/api/cart/v1/cart/${basketId}`);
      expect(promotions(discounted.body)).toContain('US-STAFF40');
      expect(discounted.body.totals.totalDiscount).toBeGreaterThan(0);
      expect(discounted.body.flash.map((f: Flash) => f.type)).not.toContain('EmployeeTermsNotAccepted');

      await env.DB.prepare("UPDATE consumers SET employee_current_spend = employee_annual_cap WHERE email = 'eve.employee@cairn.test'").run();
      const capped = await jar.api('GET', `/api/cart/v1/cart/${basketId}`);
      expect(promotions(capped.body)).not.toContain('US-STAFF40');
      expect(capped.body.flash).toContainEqual(expect.objectContaining({ type: 'EmployeeAllowanceUsed' }));
    } finally {
      await env.DB.prepare(
        "UPDATE consumers SET employee_current_spend = 18000, employee_terms_accepted_at = NULL WHERE email = 'eve.employee@cairn.test'",
      ).run();
    }
  });
});
