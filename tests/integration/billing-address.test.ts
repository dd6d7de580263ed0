// The billing address's fields (commerce-core §3 Billing address): country (its name, in the call's language),
// shippingId (the same as that shipment's address), addressId (an entry of the shopper's own address book) and
// subscriptions.newsletterConsent beside the flat newsletterConsent of earlier clients. The attack: another
// shopper's addressId, which must answer as unknown and give away nothing of that address.

import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { MA_ADDRESS } from './addresses.ts';
import { guestsAt, type Jar, signedInJar } from './jar.ts';

type Json = Record<string, any>;
const guest = guestsAt('198.51.104.');

const SEATTLE = { ...MA_ADDRESS, addressLine1: '400 Pine Street', city: 'Seattle', postalCode: '98101', province: 'WA', phone: '(206) 555-0142' };

let variantId: string;

beforeAll(async () => {
  const row = await env.DB.prepare(
    `SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
     JOIN inventory i ON i.variant_id = v.id AND i.quantity >= 10 JOIN prices pr ON pr.item_id = p.id AND pr.site_id IN ('US', 'CA')
     WHERE s.is_digital = 0 AND s.is_presale = 0 AND s.is_robis_only = 0 AND s.target_publish_date IS NULL AND s.id NOT IN (SELECT style_id FROM custom_styles)
     GROUP BY v.id HAVING COUNT(*) = 2 ORDER BY v.id LIMIT 1`,
  ).first<{ id: string }>();
  variantId = row?.id as string;
});

async function cartOf(jar: Jar, headers: Record<string, string> = {}): Promise<string> {
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {}, headers)).body.basketId as string;
  expect((await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variantId }, headers)).status).toBe(200);
  return basketId;
}

const billing = (jar: Jar, basketId: string, body: Json, headers: Record<string, string> = {}) =>
  jar.api('POST', `/api/cart/v1/cart/${basketId}/billingAddress`, body, headers);

describe('addressId', () => {
  it('refuses another shopper’s saved address as unknown, and tells nothing of it', async () => {
    const owner = await signedInJar('ian.ipa@cairn.test', '198.51.104.201');
    const saved = await owner.api('POST', '/api/consumers-v3/consumer/address', { ...SEATTLE, approachType: 'B' });
    expect(saved.status).toBe(201);
    const theirs = saved.body.addressId as string;

    const other = await signedInJar('will.wranx@cairn.test', '198.51.104.202');
    const basketId = await cartOf(other);
    const refused = await billing(other, basketId, { addressId: theirs, email: 'will@example.com' });
    expect([refused.status, refused.body.errorId, refused.body.details?.[0]?.field]).toEqual([404, 'CCA401', 'addressId']);
    expect(JSON.stringify(refused.body)).not.toContain('Pine Street');
    expect((await other.api('GET', `/api/cart/v1/cart/${basketId}`)).body.billingAddress ?? null).toBeNull();
    // A guest has no address book: any id is unknown.
    const stranger = guest();
    const guestBasket = await cartOf(stranger);
    const guessed = await billing(stranger, guestBasket, { addressId: theirs, email: 'guest@example.com' });
    expect([guessed.status, guessed.body.errorId]).toEqual([404, 'CCA401']);

    // The owner's own entry is their billing address, named by its id.
    const ownBasket = await cartOf(owner);
    const own = await billing(owner, ownBasket, { addressId: theirs, email: 'ian@example.com' });
    expect(own.status).toBe(200);
    expect(own.body.billingAddress).toMatchObject({ addressId: theirs, addressLine1: '400 Pine Street', city: 'Seattle', phone: '(206) 555-0142' });
    // Its fields are the saved address's: typing one as well is refused at it rather than dropped.
    const both = await billing(owner, ownBasket, { addressId: theirs, email: 'ian@example.com', city: 'Tacoma' });
    expect([both.status, both.body.errorId, both.body.details?.[0]?.field]).toEqual([400, 'API400', 'city']);
  });
});

describe('shippingId', () => {
  it('takes a shipment’s address, and follows it when the delivery address changes', async () => {
    const jar = guest();
    const basketId = await cartOf(jar);
    const noAddress = await billing(jar, basketId, { shippingId: 'me', email: 'ana@example.com' });
    expect([noAddress.status, noAddress.body.errorId, noAddress.body.details?.[0]?.field]).toEqual([400, 'BIL400', 'shippingId']);
    const none = await billing(jar, basketId, { shippingId: 'customs', email: 'ana@example.com' });
    expect([none.status, none.body.errorId, none.body.details?.[0]?.field]).toEqual([409, 'SHP404', 'shippingId']);

    await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [MA_ADDRESS]);
    const same = await billing(jar, basketId, { shippingId: 'me', email: 'ana@example.com' });
    expect(same.status).toBe(200);
    expect(same.body.billingAddress).toMatchObject({ shippingId: 'me', addressLine1: '214 Newbury Street', city: 'Boston', email: 'ana@example.com' });
    const moved = await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [SEATTLE]);
    expect(moved.body.billingAddress).toMatchObject({ shippingId: 'me', addressLine1: '400 Pine Street', city: 'Seattle', email: 'ana@example.com' });
    // A billing address typed in full follows nothing.
    await billing(jar, basketId, { ...MA_ADDRESS, email: 'ana@example.com' });
    const again = await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [SEATTLE]);
    expect(again.body.billingAddress).toMatchObject({ city: 'Boston' });
    expect(again.body.billingAddress.shippingId).toBeUndefined();
  });
});

describe('country and subscriptions', () => {
  it('names the country in the call’s language, whatever the call said it was', async () => {
    const jar = guest();
    const fr = { 'x-locale': 'fr-ca' };
    const basketId = await cartOf(jar, fr);
    const set = await billing(jar, basketId, { ...MA_ADDRESS, country: 'Narnia', email: 'ana@example.com' }, fr);
    expect(set.status).toBe(200);
    expect(set.body.billingAddress).toMatchObject({ countryCode: 'US', country: 'États-Unis' });
    const english = await jar.api('GET', `/api/cart/v1/cart/${basketId}`, undefined, { 'x-locale': 'en-ca' });
    expect(english.body.billingAddress.country).toBe('United States');
  });

  it('takes the newsletter wish nested or flat, answers both, and refuses the two disagreeing', async () => {
    const jar = guest();
    const basketId = await cartOf(jar);
    const nested = await billing(jar, basketId, { ...MA_ADDRESS, email: 'ana@example.com', subscriptions: { newsletterConsent: true } });
    expect(nested.body.billingAddress).toMatchObject({ subscriptions: { newsletterConsent: true }, newsletterConsent: true });
    const flat = await billing(jar, basketId, { ...MA_ADDRESS, email: 'ana@example.com', newsletterConsent: false });
    expect(flat.body.billingAddress).toMatchObject({ subscriptions: { newsletterConsent: false }, newsletterConsent: false });
    const clash = await billing(jar, basketId, {
      ...MA_ADDRESS,
      email: 'ana@example.com',
      newsletterConsent: false,
      subscriptions: { newsletterConsent: true },
    });
    expect([clash.status, clash.body.details?.[0]?.field]).toEqual([400, 'subscriptions.newsletterConsent']);
    const stranger = await billing(jar, basketId, { ...MA_ADDRESS, email: 'ana@example.com', subscriptions: { smsConsent: true } });
    expect([stranger.status, stranger.body.details?.[0]?.field]).toEqual([400, 'subscriptions.newsletterConsent']);
  });
});
