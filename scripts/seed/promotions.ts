// Seeded promotions and coupons (the cart issue): one of each path the cart answers, on every site where
// it makes sense. Codes for the README: TRAIL15 (15 % off boots), SUMMER25 (expired), WINTER30 (not yet),
// FLASH5 (used up).

import type { SeedRow } from './tables.ts';

export const PROMOTION_TABLE_ORDER = ['promotions'] as const;

const SITES = ['US', 'CA', 'GB', 'FR', 'DE', 'IT'] as const;
const LONG_AGO = '2026-01-01T00:00:00.000Z';

/** Free shipping over this much, in each site's currency (minor units). */
const FREE_SHIPPING: Record<(typeof SITES)[number], number> = { US: 7500, CA: 9900, GB: 6000, FR: 7000, DE: 7000, IT: 7000 };

export function buildPromotions(): { promotions: SeedRow[] } {
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
    ...fields,
  });
  const promotions = SITES.flatMap((site) => [
    row(site, 'FREE-SHIPPING', {
      name: 'Free shipping',
      level: 'SHIPPING',
      discount_type: 'free',
      threshold: FREE_SHIPPING[site],
      callout: 'Spend {distance} more for free shipping|You have free shipping|You have free shipping',
    }),
    row(site, 'TRAIL15', { name: '15% off boots', level: 'PRODUCT', discount_value: 15, product_types: '["boot"]', coupon_code: 'TRAIL15' }),
    row(site, 'WELCOME-REGISTERED', { name: '10% off for members', discount_value: 10, threshold: 10000, audience: 'REGISTERED' }),
    row(site, 'STAFF40', { name: 'Employee discount', discount_value: 40, audience: 'EMPLOYEE', exclusive: 1 }),
    row(site, 'SUMMER25', { name: 'Summer sale', discount_value: 25, coupon_code: 'SUMMER25', ends_at: '2026-09-01T00:00:00.000Z' }),
    row(site, 'WINTER30', { name: 'Winter sale', discount_value: 30, coupon_code: 'WINTER30', starts_at: '2099-01-01T00:00:00.000Z' }),
    row(site, 'FLASH5', { name: 'Flash sale', discount_type: 'amount', discount_value: 500, coupon_code: 'FLASH5', redemption_limit: 100, redemptions: 100 }),
  ]);
  return { promotions };
}
