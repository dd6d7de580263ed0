// The complete seed, catalog, product sets and content documents, as statements for D1 batches or as one SQL script.

import { SIMILAR_STYLES_SQL } from '../../src/worker/commerce/catalog/similar-styles.ts';
import { buildCatalog } from './catalog.ts';
import { buildConsumers, CONSUMER_TABLE_ORDER } from './consumers.ts';
import { CONTENT_TABLE_ORDER, contentRows } from './content/rows.ts';
import { buildCustoms, CUSTOMS_TABLE_ORDER } from './customs.ts';
import { buildPromotions, PROMOTION_TABLE_ORDER } from './promotions.ts';
import { buildReviews, REVIEW_TABLE_ORDER } from './reviews.ts';
import { buildSearchTerms, SEARCH_TERM_TABLE_ORDER } from './search-terms.ts';
import { buildProductSets, SET_TABLE_ORDER } from './sets.ts';
import { buildSocial, type SeededPhoto, SOCIAL_TABLE_ORDER, seededPhotos } from './social.ts';
import { toSqlStatements } from './sql.ts';
import { SEED_TABLE_ORDER, type SeedData } from './tables.ts';

export interface SeedOptions {
  /** Empty every seeded table first (children before parents), so a seeded database can be seeded again. */
  reset?: boolean;
}

export const ALL_TABLE_ORDER: readonly string[] = [
  ...SEED_TABLE_ORDER,
  ...CUSTOMS_TABLE_ORDER,
  ...SET_TABLE_ORDER,
  ...CONTENT_TABLE_ORDER,
  ...CONSUMER_TABLE_ORDER,
  ...PROMOTION_TABLE_ORDER,
  ...REVIEW_TABLE_ORDER,
  ...SOCIAL_TABLE_ORDER,
  ...SEARCH_TERM_TABLE_ORDER,
];

export function buildSeed(): SeedData {
  const catalog = buildCatalog();
  // The gift with purchase gives the first pair of socks the catalog has.
  const socks = catalog.styles.find((style) => style.product_type === 'socks');
  const sockProduct = catalog.products.find((product) => product.style_id === socks?.id);
  const giftVariant = catalog.variants.find((variant) => variant.product_id === sockProduct?.id);
  if (!giftVariant) throw new Error('the catalog has no socks for the gift with purchase');
  return {
    ...catalog,
    ...buildCustoms(catalog),
    ...buildProductSets(catalog),
    ...contentRows(catalog),
    ...buildConsumers(),
    ...buildPromotions(String(giftVariant.id)),
    // Last: it settles each style's rating and review count from the reviews it writes.
    ...buildReviews(catalog.styles),
    ...buildSocial(catalog.styles, catalog.products),
    ...buildSearchTerms(),
  };
}

/** The seeded social photos' objects, which go to the MEDIA bucket rather than D1. */
export function seedPhotos(): SeededPhoto[] {
  const catalog = buildCatalog();
  return seededPhotos(catalog.styles, catalog.products);
}

/**
 * What shoppers made on top of the seed (lists, codes, links, sessions, mail): a reseed starts the demo
 * afresh, and these rows would otherwise hold on to the accounts and sites being replaced.
 */
export const RUNTIME_TABLES: readonly string[] = [
  // Seeded apart, hashed under the environment's key (gift-cards.ts), so emptied here with the runtime rows.
  'gift_cards',
  // Derived from the catalog, ranked again after it is seeded.
  'similar_styles',
  'review_votes',
  'review_flags',
  'review_photos',
  'review_translations',
  'social_stashes',
  'answer_votes',
  'product_notifications',
  'product_list_items',
  'product_lists',
  'subscription_confirmations',
  'newsletter_recipients',
  'password_resets',
  'authorization_codes',
  'refresh_tokens',
  'outbox',
  // Designs shoppers made in the studio: they name seeded styles and products.
  'custom_recipes',
  // Registered by operators on the running store; they name seeded stores, so they go before them.
  'store_devices',
];

export function seedStatements(options: SeedOptions = {}): string[] {
  const deletes = options.reset ? [...RUNTIME_TABLES, ...[...ALL_TABLE_ORDER].reverse()].map((table) => `DELETE FROM ${table}`) : [];
  // Last: what is derived from the catalog once it is loaded.
  return [...deletes, ...toSqlStatements(buildSeed()), ...SIMILAR_STYLES_SQL.split(';\n')];
}

/** One script, statements separated by ";\n" (no seeded value contains that sequence). */
export function seedSql(options: SeedOptions = {}): string {
  return `${seedStatements(options).join(';\n')};\n`;
}
