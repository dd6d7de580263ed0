// The product a review page is about, read from its URL segment, and the private page the review and
// question forms are shown in (a crawler sees the sign-in step; a refused form is not a page).

import type { Context } from 'hono';
import type { ReactNode } from 'react';
import { parseProductSegment } from '../../../shared/routes.ts';
import { catalogIndex, type ProductEntry, productName } from '../../commerce/catalog/catalog-index.ts';
import { styleOf } from '../../commerce/reviews/reviews.ts';
import type { AppEnv } from '../../env.ts';
import { renderPage } from '../render.tsx';
import { type ReviewPaths, reviewPaths } from './ReviewBlocks.tsx';

export interface ProductRef {
  entry: ProductEntry;
  productId: string;
  styleId: string;
  name: string;
  paths: ReviewPaths;
}

export async function productRef(c: Context<AppEnv>): Promise<ProductRef | null> {
  const parsed = parseProductSegment(c.req.param('segment') ?? '');
  const productId = parsed?.id.slice(0, 8);
  const index = await catalogIndex(c.env.DB, c.get('logger'));
  const entry = productId ? index.products.get(productId) : undefined;
  if (!parsed || !productId || !entry || parsed.slug !== entry.slug) return null;
  const styleId = await styleOf(c.env.DB, productId);
  if (!styleId) return null;
  const locale = c.get('locale');
  return { entry, productId, styleId, name: productName(entry, locale.lang), paths: reviewPaths(locale.code, entry.slug, productId) };
}

export async function privatePage(c: Context<AppEnv>, title: string, body: ReactNode, status: 200 | 400 | 401 = 200): Promise<Response> {
  const response = await renderPage(c, {
    status,
    // What a crawler sees is the sign-in step, the same for everyone; a refused form is not a page.
    meta: {
      title,
      description: title,
      pageType: 'Other',
      styles: ['reviews'],
      canonical: new URL(c.req.url).pathname,
      ...(status === 200 ? {} : { robots: 'noindex' }),
    },
    body,
    fallback: () => null,
  });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}
