// Catalog read API (account-content §7 Products), spec paths verbatim under /api.

import { Hono } from 'hono';
import {
  AvailabilityBody,
  asList,
  CatalogQuery,
  LocaleQuery,
  ProductIdParams,
  ProductSetParams,
  SearchQuery,
  SuggestQuery,
} from '../../../shared/schema/catalog.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { HttpError } from '../../lib/http-error.ts';
import { envelope } from '../../lib/respond.ts';
import { valid } from '../../lib/validate.ts';
import { knownStoreIds, storeInventory } from '../stores/service.ts';
import { catalogIndex } from './catalog-index.ts';
import { loadInventory, loadProduct } from './product.ts';
import { categoryResource, listingResource, productResource } from './resources.ts';
import { suggestCategories, suggestProducts } from './search.ts';
import { categoryListing, productSet, searchListing, setsForProduct, today } from './service.ts';

const SUGGESTION_LIMIT = 6;

export const catalogRoutes = new Hono<AppEnv>()
  .get('/products/v2/products/:productId/details', valid('param', ProductIdParams), valid('query', LocaleQuery), async (c) => {
    const locale = apiLocale(c, c.req.valid('query'));
    const { productId } = c.req.valid('param');
    // A variant id opens its colour-level product: the first eight characters are that product's id.
    const product = await loadProduct(c.env.DB, locale.site, locale.lang, productId.slice(0, 8), today());
    if (!product) throw new HttpError('PLP400', `No product ${productId} is sold in ${locale.site.id}.`);
    const index = await catalogIndex(c.env.DB, c.get('logger'));
    return c.json(envelope(c, { product: productResource(product, locale, index) }));
  })
  .get('/products/v2/products/:productId/inventory', valid('param', ProductIdParams), async (c) => {
    const { productId } = c.req.valid('param');
    const variants = await loadInventory(c.env.DB, productId);
    if (!variants) throw new HttpError('PLP400', `No product ${productId} exists.`);
    if (variants === 'untracked') throw new HttpError('INV701');
    c.header('Cache-Control', 'no-store');
    return c.json(envelope(c, { productId, variants }));
  })
  .get('/products/v2/products/:productId/productSets', valid('param', ProductIdParams), valid('query', LocaleQuery), async (c) => {
    const locale = apiLocale(c, c.req.valid('query'));
    const { productId } = c.req.valid('param');
    const index = await catalogIndex(c.env.DB, c.get('logger'));
    if (!index.products.has(productId.slice(0, 8))) throw new HttpError('PLP400', `No product ${productId} exists.`);
    return c.json(envelope(c, { productId, productSets: await setsForProduct(c.env.DB, locale.lang, productId.slice(0, 8)) }));
  })
  .get('/products/v2/products/:productSetId/productSet', valid('param', ProductSetParams), valid('query', LocaleQuery), async (c) => {
    const locale = apiLocale(c, c.req.valid('query'));
    const { productSetId } = c.req.valid('param');
    const set = await productSet(c.env.DB, locale.lang, productSetId);
    if (!set) throw new HttpError('API404', `No product set ${productSetId} exists.`);
    return c.json(envelope(c, { productSet: set }));
  })
  .get('/products/v2/catalog', valid('query', CatalogQuery), async (c) => {
    const query = c.req.valid('query');
    const locale = apiLocale(c, query);
    const index = await catalogIndex(c.env.DB, c.get('logger'));
    if (query.categoryId === undefined) {
      return c.json(envelope(c, { locale: locale.code, categories: index.roots.map((node) => categoryResource(node, locale)) }));
    }
    const listing = await categoryListing(c.env.DB, index, locale, query.categoryId, {
      size: asList(query.size),
      color: asList(query.color),
      price: asList(query.price),
      badge: asList(query.badge),
      sort: query.sort === 'relevance' ? 'featured' : query.sort,
      page: query.page,
      pageSize: query.count,
    });
    if (!listing) throw new HttpError('API404', `No category ${query.categoryId} exists.`);
    const node = index.categories.get(query.categoryId);
    return c.json(envelope(c, { locale: locale.code, category: node ? categoryResource(node, locale) : null, ...listingResource(listing, locale) }));
  })
  .get('/products/v2/search/productSearch', valid('query', SearchQuery), async (c) => {
    const query = c.req.valid('query');
    const locale = apiLocale(c, query);
    const listing = await searchListing(c.env.DB, locale, query.q, {
      size: asList(query.size),
      color: asList(query.color),
      price: asList(query.price),
      badge: asList(query.badge),
      sort: query.sort,
      page: query.page,
      pageSize: query.count,
    });
    return c.json(envelope(c, { locale: locale.code, q: query.q, ...listingResource(listing, locale) }));
  })
  .get('/products/v2/search/autoSuggest', valid('query', SuggestQuery), async (c) => {
    const query = c.req.valid('query');
    const locale = apiLocale(c, query);
    const [index, products] = await Promise.all([catalogIndex(c.env.DB, c.get('logger')), suggestProducts(c.env.DB, locale.lang, query.q, SUGGESTION_LIMIT)]);
    const categories = suggestCategories(index, locale.lang, query.q, SUGGESTION_LIMIT).map((s) => ({
      ...s,
      url: `/${locale.code}/c/${s.slug}-${s.id}`,
    }));
    return c.json(
      envelope(c, {
        q: query.q,
        products: products.map((p) => ({ ...p, url: `/${locale.code}/p/${p.slug}-${p.productId}` })),
        categories,
      }),
    );
  })
  .post('/products/v1/products/:productId/availability', valid('param', ProductIdParams), valid('json', AvailabilityBody), async (c) => {
    const { productId } = c.req.valid('param');
    const { storeIds } = c.req.valid('json');
    const known = await knownStoreIds(c.env.DB, storeIds);
    const unknown = storeIds.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new HttpError('STR404', `Unknown store ids: ${unknown.join(', ')}.`);
    const inventory = await storeInventory(c.env.DB, productId, storeIds);
    if (!inventory) throw new HttpError('PLP400', `No product ${productId} exists.`);
    c.header('Cache-Control', 'no-store');
    return c.json(envelope(c, { productId, storeInventory: inventory }));
  });
