// Notify-me (the cart issue, §7): a sold-out variant and an email, a confirmation through the outbox once,
// a size in stock refused, the form on the product page and its answer without JavaScript.

import { describe, expect, it } from 'vitest';
import { emailsTo, mailSettled, one, request } from './helpers.ts';
import { Jar } from './jar.ts';

async function soldOut(): Promise<{ id: string; slug: string; product_id: string }> {
  return one(
    `SELECT v.id, p.slug, p.id AS product_id FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN products p ON p.id = v.product_id
     JOIN styles s ON s.id = p.style_id JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US'
     WHERE i.quantity = 0 AND s.notify_me = 1 AND s.target_publish_date IS NULL ORDER BY v.id LIMIT 1`,
  );
}

describe('notify-me', () => {
  it('takes an email for a sold-out size and confirms it once through the outbox', async () => {
    const jar = new Jar();
    jar.address = '198.51.100.150';
    const variant = await soldOut();
    const email = `notify-${Date.now()}@example.com`;
    const first = await jar.api('PUT', '/api/products/v1/notifications', { productId: variant.id, email });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ subscribed: true, created: true });
    const again = await jar.api('PUT', '/api/products/v1/notifications', { productId: variant.id, email: email.toUpperCase() });
    expect(again.body.created).toBe(false);
    await emailsTo(email, 'notify-me');
    await mailSettled();
    const results = await emailsTo(email, 'notify-me');
    expect(results).toHaveLength(1);
    expect(results[0]?.text).toContain(`/en-us/p/${variant.slug}-${variant.product_id}`);
  });

  it('refuses a size in stock, an unknown one and a bad email, at their fields', async () => {
    const jar = new Jar();
    jar.address = '198.51.100.151';
    const inStock = await one<{ id: string }>('SELECT variant_id AS id FROM inventory WHERE quantity > 0 LIMIT 1');
    const stocked = await jar.api('PUT', '/api/products/v1/notifications', { productId: inStock.id, email: 'a@example.com' });
    expect([stocked.status, stocked.body.errorId, stocked.body.details[0].field]).toEqual([409, 'API409', 'productId']);
    const unknown = await jar.api('PUT', '/api/products/v1/notifications', { productId: 'ZZZZZZZZZ', email: 'a@example.com' });
    expect(unknown.body.errorId).toBe('PLP400');
    const badEmail = await jar.api('PUT', '/api/products/v1/notifications', { productId: (await soldOut()).id, email: 'not-an-email' });
    expect([badEmail.status, badEmail.body.details[0].field]).toEqual([400, 'email']);
  });

  it('is offered on the product page for the sold-out sizes, and works as a plain form', async () => {
    const variant = await soldOut();
    const html = await (await request(`/en-us/p/${variant.slug}-${variant.product_id}`)).text();
    expect(html).toContain('data-island="notify-me"');
    expect(html).toContain(`<option value="${variant.id}"`);
    const jar = new Jar();
    jar.address = '198.51.100.152';
    const posted = await jar.post('/en-us/notify-me', { productId: variant.id, email: `form-${Date.now()}@example.com` });
    expect(posted.status).toBe(200);
    const page = await posted.text();
    expect(page).toContain('Done: we will email you when it is back.');
    expect(page).toContain(`href="/en-us/p/${variant.slug}-${variant.product_id}"`);
  });
});
