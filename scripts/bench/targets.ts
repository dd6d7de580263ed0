// Bench step 3: which URLs to load, picked from the seeded catalog, and a check that each answers 200.

import type { Database } from './server.ts';

export type TargetKind =
  | 'baseline'
  | 'home'
  | 'home-miss'
  | 'content'
  | 'category'
  | 'category-miss'
  | 'department'
  | 'product'
  | 'product-miss'
  | 'product-signed-in'
  | 'product-reviews'
  | 'store-locator'
  | 'account'
  | 'order-history'
  | 'search'
  | 'search-miss'
  | 'cart-get'
  | 'cart-get-fresh'
  | 'cart-add'
  | 'checkout-step'
  | 'place-order'
  | 'checkout'
  | 'flash-sold-out';

export interface Target {
  kind: TargetKind;
  path: string;
  /** Why this URL: the category's style count, the product's sizes. */
  note: string;
  /** Sent with every request: a registered session's cookie for the signed-in runs. */
  headers?: Record<string, string>;
  /** A call rather than a page: its method and body (the cart's add). */
  method?: 'GET' | 'POST' | 'PUT';
  body?: string;
  /** Each request's own body and headers, for calls that use something up (an order takes its basket). */
  next?: () => { body?: string; headers?: Record<string, string>; path?: string };
}

const LOCALE = 'en-us';

// Counts the styles under each category of the given levels, descendants included, as the listing shows them.
const largestCategory = (levels: string) => `
WITH RECURSIVE tree(root, id) AS (
  SELECT id, id FROM categories WHERE level IN (${levels})
  UNION ALL
  SELECT tree.root, c.id FROM categories c JOIN tree ON c.parent_id = tree.id
)
SELECT c.id, c.slug, c.level, COUNT(s.id) AS styles
FROM tree JOIN categories c ON c.id = tree.root JOIN styles s ON s.category_id = tree.id
GROUP BY c.id ORDER BY styles DESC, c.id LIMIT 1`;

// A sellable shoe in the US with a full size run and reviews: the picker page shoppers use most, with the
// summary, first reviews and questions it renders.
const SHOE_WITH_SIZES = `
SELECT p.id, p.slug, COUNT(DISTINCT v.size) AS sizes, s.review_count AS reviews
FROM products p
JOIN styles s ON s.id = p.style_id
JOIN variants v ON v.product_id = p.id
JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US'
WHERE s.size_system = 'shoe' AND s.is_digital = 0 AND s.is_presale = 0 AND s.review_count > 0
  AND (s.target_publish_date IS NULL OR s.target_publish_date <= date('now'))
GROUP BY p.id HAVING sizes >= 5
ORDER BY s.featured_rank, p.position, p.id LIMIT 1`;

export async function pickTargets(db: Database): Promise<Target[]> {
  // The budgeted category page is a product type (level 3, "Men's Boots"): where shoppers land from the
  // menu. The largest department (level 1 or 2, every colour of every style under it) is reported beside it.
  const category = await db.prepare(largestCategory('3')).first<{ id: number; slug: string; level: number; styles: number }>();
  if (!category) throw new Error('No level-3 category with styles in the seeded database');
  const department = await db.prepare(largestCategory('1, 2')).first<{ id: number; slug: string; level: number; styles: number }>();
  if (!department) throw new Error('No level-1/2 category with styles in the seeded database');
  const product = await db.prepare(SHOE_WITH_SIZES).first<{ id: string; slug: string; sizes: number; reviews: number }>();
  if (!product) throw new Error('No shoe with five or more sizes in the seeded database');
  return [
    { kind: 'baseline', path: '/api/fapi/server/time', note: 'trivial JSON route' },
    // The warm-up requests fill the content cache and the page cache: pages are measured on a page-cache hit.
    { kind: 'home', path: `/${LOCALE}`, note: 'content home page, page-cache hit' },
    { kind: 'content', path: '/api/publish/caas/v1/canvas/augmentedpage/US/home?locale=en-us', note: 'content API, cache hit' },
    { kind: 'category', path: `/${LOCALE}/c/${category.slug}-${category.id}`, note: `level ${category.level}, ${category.styles} styles, page-cache hit` },
    { kind: 'department', path: `/${LOCALE}/c/${department.slug}-${department.id}`, note: `level ${department.level}, ${department.styles} styles` },
    { kind: 'product', path: `/${LOCALE}/p/${product.slug}-${product.id}`, note: `shoe, ${product.sizes} sizes, ${product.reviews} reviews, page-cache hit` },
    { kind: 'product-reviews', path: `/${LOCALE}/p/${product.slug}-${product.id}/reviews`, note: `its reviews page, ${product.reviews} reviews` },
    { kind: 'search', path: `/${LOCALE}/search?q=boot`, note: 'full-text search, page-cache hit' },
    { kind: 'store-locator', path: `/${LOCALE}/stores?q=97214`, note: 'stores near a postal code no store has, with the map' },
  ];
}

/**
 * The same page as `target` on a page-cache miss: each request names an address no request named before (a
 * parameter the page ignores but the key keeps), so it is rendered and stored as a new page would be. The
 * product page's rendered-body memory misses too, which a new product page does as well.
 */
export function missTarget(target: Target, kind: TargetKind): Target {
  let n = 0;
  const separator = target.path.includes('?') ? '&' : '?';
  return { ...target, kind, note: 'page-cache miss: rendered and stored', next: () => ({ path: `${target.path}${separator}bench-miss=${++n}` }) };
}

/** Fetches every target once; returns their bodies, or throws naming each one that did not answer 200. */
export async function fetchTargets(origin: string, targets: readonly Target[]): Promise<Map<TargetKind, string>> {
  const bodies = new Map<TargetKind, string>();
  const failures: string[] = [];
  for (const target of targets) {
    try {
      const response = await fetch(new URL(target.path, origin), { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
      const body = await response.text();
      if (response.status === 200) bodies.set(target.kind, body);
      else failures.push(`${target.kind} ${target.path}: ${response.status} ${response.headers.get('location') ?? body.slice(0, 200)}`);
    } catch (error) {
      failures.push(`${target.kind} ${target.path}: ${(error as Error).message}`);
    }
  }
  if (failures.length > 0) throw new Error(`Targets that did not answer 200:\n  ${failures.join('\n  ')}`);
  return bodies;
}
