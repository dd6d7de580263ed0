// The product API's fields of commerce-core §3 read from the catalogue's own data: subscriptionType (socks are
// replenished, nothing else is), each variant's stockStatusLabel in the call's language, and the price's
// previousBestSalesPrice from the 30-day price history the store keeps for the lowest-price notice.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ADMIN_HEADERS, getJson, one, shoeWithWidths } from './helpers.ts';

type Json = Record<string, any>;

const details = async (productId: string, locale: string) =>
  (await getJson<{ product: Json }>(`/api/products/v2/products/${productId}/details?locale=${locale}`)).body.product;

describe('subscriptionType', () => {
  it('is replenishment for socks and none for the rest', async () => {
    const socks = await one<{ id: string }>(
      "SELECT p.id FROM products p JOIN styles s ON s.id = p.style_id WHERE s.product_type = 'socks' ORDER BY p.id LIMIT 1",
    );
    const boot = await shoeWithWidths();
    expect((await details(socks.id, 'en-us')).subscriptionType).toBe('replenishment');
    expect((await details(boot.id, 'en-us')).subscriptionType).toBe('none');
  });
});

describe('variants’ stockStatusLabel', () => {
  it('says each variant’s stock in the call’s language, from the inventory as it is', async () => {
    const shoe = await shoeWithWidths();
    // A size with only two left.
    await env.DB.prepare('UPDATE inventory SET quantity = 2 WHERE variant_id = ?1').bind(shoe.variant).run();
    const labels = async (locale: string): Promise<Record<string, [string, string]>> =>
      Object.fromEntries(((await details(shoe.id, locale)).variants as Json[]).map((v) => [v.id, [v.stockStatus, v.stockStatusLabel]]));
    const en = await labels('en-us');
    expect(en[shoe.variant]).toEqual(['LOW_STOCK', 'Only 2 left']);
    expect(en[shoe.sold_out]).toEqual(['OUT_OF_STOCK', 'Out of stock']);
    expect(Object.values(en).some(([status, label]) => status === 'IN_STOCK' && label === 'In stock')).toBe(true);
    const fr = await labels('fr-fr');
    expect(fr[shoe.variant]).toEqual(['LOW_STOCK', 'Plus que 2 en stock']);
    expect(fr[shoe.sold_out]).toEqual(['OUT_OF_STOCK', 'Rupture de stock']);
  });
});

describe('previousBestSalesPrice', () => {
  it('is the 30-day low when an earlier sale made it, and null when the item was at its regular price or nothing is known', async () => {
    const earlier = await one<{ id: string; low: number }>(
      `SELECT pr.item_id AS id, pr.lowest_30d_amount AS low FROM prices pr JOIN products p ON p.id = pr.item_id
       WHERE pr.site_id = 'FR' AND pr.sale_amount IS NOT NULL AND pr.lowest_30d_amount < pr.list_amount ORDER BY pr.item_id LIMIT 1`,
    );
    const regular = await one<{ id: string; low: number }>(
      `SELECT pr.item_id AS id, pr.lowest_30d_amount AS low FROM prices pr JOIN products p ON p.id = pr.item_id
       WHERE pr.site_id = 'FR' AND pr.sale_amount IS NOT NULL AND pr.lowest_30d_amount = pr.list_amount ORDER BY pr.item_id LIMIT 1`,
    );
    expect((await details(earlier.id, 'fr-fr')).colour.price).toMatchObject({ historicBestPrice: earlier.low, previousBestSalesPrice: earlier.low });
    expect((await details(regular.id, 'fr-fr')).colour.price).toMatchObject({ historicBestPrice: regular.low, previousBestSalesPrice: null });
    // The US keeps no 30-day history (no lowest-price notice there).
    expect((await details(earlier.id, 'en-us')).colour.price.previousBestSalesPrice).toBeNull();
  });

  it('follows a merchandiser’s price changes: a sale deepened keeps the first sale’s price as the earlier best', async () => {
    const shoe = await shoeWithWidths();
    const price = (body: Json) =>
      getJson<Json>(`/admin/prices/${shoe.id}`, { method: 'PUT', headers: ADMIN_HEADERS, body: JSON.stringify({ siteId: 'FR', ...body }) });
    expect((await price({ listAmount: 20_000, saleAmount: null })).status).toBe(200);
    expect((await price({ listAmount: 20_000, saleAmount: 16_000 })).status).toBe(200);
    expect((await details(shoe.id, 'fr-fr')).price).toMatchObject({ current: 16_000, historicBestPrice: 20_000, previousBestSalesPrice: null });
    expect((await price({ listAmount: 20_000, saleAmount: 14_000 })).status).toBe(200);
    expect((await details(shoe.id, 'fr-fr')).price).toMatchObject({ current: 14_000, historicBestPrice: 16_000, previousBestSalesPrice: 16_000 });
  });
});
