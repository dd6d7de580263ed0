// Pickup contacts (the checkout issue, §1; commerce-core §5): where the locale's carriers tell the person
// collecting a parcel themselves (PICKUP_CONTACT_LOCALES), an order to a pickup point names who collects it
// (name, mobile phone, email) and a store pickup names the email the store tells; elsewhere nothing is asked.

import { describe, expect, it } from 'vitest';
import { cardToken } from './checkout-helpers.ts';
import { one } from './helpers.ts';
import { Jar } from './jar.ts';

const GB_ADDRESS = {
  firstName: 'Ana',
  lastName: 'Lima',
  addressLine1: '10 Baker Street',
  city: 'London',
  postalCode: 'NW1 6XE',
  countryCode: 'GB',
  phone: '07700900123',
};

function gbVariant() {
  return one<{ id: string }>(
    `SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
     JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'GB'
     WHERE i.quantity >= 5 AND s.is_digital = 0 AND s.is_presale = 0 AND s.is_robis_only = 0 AND s.max_qty IS NULL AND s.target_publish_date IS NULL
     ORDER BY v.id LIMIT 1 OFFSET 2`,
  );
}

describe('pickup contacts', () => {
  it('asks who collects a parcel at a pickup point in Great Britain, refuses the order without them, and keeps them on it', async () => {
    const jar = new Jar();
    jar.address = '198.19.6.1';
    const gb = (method: string, path: string, body?: unknown) => jar.api(method, path, body, { 'x-locale': 'en-gb' });
    const variant = await gbVariant();
    const basketId = (await gb('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const added = await gb('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id, qty: 1 });
    expect(added.body.pickupContactsRequired).toEqual({ collectionPoint: false, storePickup: false });
    const pudo = await gb('POST', '/api/cart/v1/shippingMethod', { cartId: basketId, code: 'pudo', pointId: 'GB-0001-L1' });
    expect(pudo.body.pickupContactsRequired).toEqual({ collectionPoint: true, storePickup: false });
    await gb('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [{ ...GB_ADDRESS, email: 'ana@example.co.uk' }]);
    await gb('POST', `/api/cart/v1/cart/${basketId}/billingAddress`, { ...GB_ADDRESS, email: 'ana@example.co.uk' });
    const token = await cardToken('4242424242424242');
    await gb('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'CREDIT_CARD', additionalDetails: { token } });

    // The checkout page starts the collector from the order's own name, phone and email.
    const page = (await jar.get('/en-gb/checkout')).html;
    expect(page).toContain('<legend>Who collects the parcel at the pickup point</legend>');
    expect(page).toContain('&quot;contactName&quot;:&quot;Ana Lima&quot;');

    const without = await gb('PUT', '/api/cart/v2/checkout/order', { cartId: basketId });
    expect([without.status, without.body.errorId, without.body.details.map((d: { field: string }) => d.field)]).toEqual([
      400,
      'SHP410',
      ['collectionPoint.contactName', 'collectionPoint.mobilePhone', 'collectionPoint.email'],
    ]);
    const badPhone = await gb('PUT', `/api/cart/v1/cart/${basketId}/pickupContacts`, {
      collectionPoint: { contactName: 'Bea Lima', mobilePhone: '12', email: 'bea@example.co.uk' },
    });
    expect([badPhone.status, badPhone.body.details[0].field]).toEqual([400, 'collectionPoint.mobilePhone']);
    const set = await gb('PUT', `/api/cart/v1/cart/${basketId}/pickupContacts`, {
      collectionPoint: { contactName: 'Bea Lima', mobilePhone: '07700 900456', email: 'bea@example.co.uk' },
    });
    expect(set.body.pickupContacts.collectionPoint).toMatchObject({ contactName: 'Bea Lima', email: 'bea@example.co.uk' });
    expect(set.body.pickupContacts.collectionPoint.mobilePhone).toMatch(/^\+44/);

    // The review step, then the order placed from what it showed.
    await gb('POST', `/api/cart/v1/cart/prepareOrder?basketId=${basketId}`, undefined);
    const placed = await gb('PUT', '/api/cart/v2/checkout/order', { cartId: basketId });
    expect(placed.status).toBe(201);
    const confirmation = (await jar.get(`/en-gb/order-confirmation?orderNo=${placed.body.orderNumber}&st=${encodeURIComponent(placed.body.st)}`)).html;
    expect(confirmation).toMatch(/Collected by Bea Lima · \+44/);
  });

  it('asks in France for the email a store pickup’s ready notice goes to, and puts it on the order', async () => {
    const jar = new Jar();
    jar.address = '198.19.6.3';
    const fr = (method: string, path: string, body?: unknown) => jar.api(method, path, body, { 'x-locale': 'fr-fr' });
    const stock = await one<{ storeId: string; variantId: string }>(
      `SELECT si.store_id AS storeId, si.variant_id AS variantId FROM store_inventory si JOIN stores st ON st.id = si.store_id
       JOIN variants v ON v.id = si.variant_id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'FR'
       JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
       WHERE st.site_id = 'FR' AND st.services LIKE '%"pickup"%' AND si.quantity >= 2 AND s.is_digital = 0 AND s.max_qty IS NULL AND s.is_presale = 0
       ORDER BY si.store_id, si.variant_id LIMIT 1`,
    );
    const basketId = (await fr('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const added = await fr('POST', '/api/cart/v1/item', { cartId: basketId, productId: stock.variantId, qty: 1, storeId: stock.storeId });
    expect(added.body.pickupContactsRequired).toEqual({ collectionPoint: false, storePickup: true });
    const refused = await fr('PUT', `/api/cart/v1/cart/${basketId}/pickupContacts`, { storePickup: { email: 'not an email' } });
    expect([refused.status, refused.body.details[0].field]).toEqual([400, 'storePickup.email']);
    const set = await fr('PUT', `/api/cart/v1/cart/${basketId}/pickupContacts`, { storePickup: { email: 'jules@example.fr' } });
    expect(set.body.pickupContacts).toEqual({ storePickup: { email: 'jules@example.fr' } });
  });

  it('asks nothing more in the United States, where the order’s own email and phone do', async () => {
    const jar = new Jar();
    jar.address = '198.19.6.2';
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const variant = await one<{ id: string }>(
      "SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US' WHERE i.quantity > 5 ORDER BY v.id LIMIT 1",
    );
    await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id, qty: 1 });
    const pudo = await jar.api('POST', '/api/cart/v1/shippingMethod', { cartId: basketId, code: 'pudo', pointId: 'US-0001-L1' });
    expect(pudo.body.pickupContactsRequired).toEqual({ collectionPoint: false, storePickup: false });
    expect((await jar.get('/en-us/checkout')).html).not.toContain('<legend>Who collects the parcel');
    // The review names the point the parcel goes to, as chosen in the cart.
    const point = pudo.body.shippingMethods[0].point as { name: string; addressLine1: string };
    const review = (await jar.get('/en-us/checkout?step=summary')).html;
    expect(review).toContain('<dt>Pickup point</dt>');
    expect(review).toContain(`${point.name}, ${point.addressLine1}`);
  });
});
