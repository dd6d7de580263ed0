// Seeded promotions and coupons (the cart issue): one of each path the cart answers, on every site where
// it makes sense. Codes for the README: TRAIL15 (15 % off boots), SUMMER25 (expired), WINTER30 (not yet),
// FLASH5 (used up), WELCOME10 (once per customer; the demo shopper Ana has used it). A gift with purchase
// gives a pair of socks over a threshold. Each runs in a campaign (TRAIL-SEASON, WELCOME, ...), named per site.

import type { SeedRow } from './tables.ts';

export const PROMOTION_TABLE_ORDER = ['promotions', 'coupon_redemptions'] as const;

/** Gift socks over this much, in each site's currency (minor units). */
const GIFT_THRESHOLD: Record<string, number> = { US: 20000, CA: 25000, GB: 16000, FR: 18000, DE: 18000, IT: 18000 };

const SITES = ['US', 'CA', 'GB', 'FR', 'DE', 'IT'] as const;
const LONG_AGO = '2026-01-01T00:00:00.000Z';

/** Free shipping over this much, in each site's currency (minor units). */
const FREE_SHIPPING: Record<(typeof SITES)[number], number> = { US: 7500, CA: 9900, GB: 6000, FR: 7000, DE: 7000, IT: 7000 };

/** `giftVariantId`: the variant the gift-with-purchase gives (a pair of socks from the catalog). */
export function buildPromotions(giftVariantId: string): { promotions: SeedRow[]; coupon_redemptions: SeedRow[] } {
  const row = (site: string, id: string, fields: Partial<SeedRow>): SeedRow => ({
    id: `${site}-${id}`,
    site_id: site,
    name: id,
    level: 'ORDER',
    discount_type: 'percent',
    discount_value: 0,
    product_ids: null,
    product_types: null,
    threshold: null,
    coupon_code: null,
    audience: 'ALL',
    exclusive: 0,
    callout: null,
    starts_at: LONG_AGO,
    ends_at: null,
    redemption_limit: null,
    redemptions: 0,
    gift_variant_id: null,
    once_per_customer: 0,
    campaign_id: null,
    ...fields,
  });
  // The marketing campaign each runs in (migration 0052), named per site as its promotions are.
  const campaign = (site: string, name: string) => ({ campaign_id: `${site}-${name}` });
  const promotions = SITES.flatMap((site) => [
    row(site, 'FREE-SHIPPING', {
      name: 'Free shipping',
      level: 'SHIPPING',
      discount_type: 'free',
      threshold: FREE_SHIPPING[site],
      callout: 'Spend {distance} more for free shipping|You have free shipping|You have free shipping',
      ...campaign(site, 'EVERYDAY'),
    }),
    row(site, 'TRAIL15', {
      name: '15% off boots',
      level: 'PRODUCT',
      discount_value: 15,
      product_types: '["boot"]',
      coupon_code: 'TRAIL15',
      ...campaign(site, 'TRAIL-SEASON'),
    }),
    row(site, 'WELCOME-REGISTERED', {
      name: '10% off for members',
      discount_value: 10,
      threshold: 10000,
      audience: 'REGISTERED',
      ...campaign(site, 'WELCOME'),
    }),
    row(site, 'STAFF40', { name: 'Employee discount', discount_value: 40, audience: 'EMPLOYEE', exclusive: 1, ...campaign(site, 'ASSOCIATES') }),
    row(site, 'SUMMER25', {
      name: 'Summer sale',
      discount_value: 25,
      coupon_code: 'SUMMER25',
      ends_at: '2026-09-01T00:00:00.000Z',
      ...campaign(site, 'SUMMER-SALE'),
    }),
    row(site, 'WINTER30', {
      name: 'Winter sale',
      discount_value: 30,
      coupon_code: 'WINTER30',
      starts_at: '2099-01-01T00:00:00.000Z',
      ...campaign(site, 'WINTER-SALE'),
    }),
    row(site, 'FLASH5', {
      name: 'Flash sale',
      discount_type: 'amount',
      discount_value: 500,
      coupon_code: 'FLASH5',
      redemption_limit: 100,
      redemptions: 100,
      ...campaign(site, 'FLASH-SALE'),
    }),
    row(site, 'WELCOME10', {
      name: '10% off your first order',
      discount_value: 10,
      coupon_code: 'WELCOME10',
      once_per_customer: 1,
      ...campaign(site, 'WELCOME'),
    }),
    row(site, 'GWP-SOCKS', {
      name: 'Free trail socks',
      discount_type: 'free',
      threshold: GIFT_THRESHOLD[site] ?? 20000,
      gift_variant_id: giftVariantId,
      callout: 'Spend {distance} more for free trail socks|Free trail socks are in your cart|Free trail socks are in your cart',
      ...campaign(site, 'TRAIL-SEASON'),
    }),
  ]);
  // Ana's first order used WELCOME10 on the US site: she sees PRM150 for it.
  const coupon_redemptions = [
    { promotion_id: 'US-WELCOME10', customer_key: 'c:C1000000001', consumer_no: 'C1000000001', order_no: 'CRN-DEMO-0001', redeemed_at: LONG_AGO },
  ];
  return { promotions, coupon_redemptions };
}
