// Turns the generated styles, products and copy into table rows with the migration's column names.

import { SITE_IDS, SITES } from '../../src/shared/locale/sites.ts';
import { CATEGORY_LANGS, categoryPath } from './categories.ts';
import type { StyleCopy } from './copy.ts';
import type { Style } from './model.ts';
import type { SeedRow } from './tables.ts';

export const TEXT_LANGS = ['en', 'fr'] as const;

const flag = (value: boolean): number => (value ? 1 : 0);

export function siteRows(): SeedRow[] {
  return SITE_IDS.map((id) => ({ id, currency: SITES[id].currency, region: SITES[id].region, default_locale: SITES[id].locales[0] ?? 'en-us' }));
}

export function styleRow(style: Style): SeedRow {
  return {
    id: style.id,
    category_id: style.category.id,
    product_type: style.type,
    size_system: style.info.sizeSystem,
    badge: style.badge,
    rating: style.rating,
    review_count: style.reviewCount,
    is_presale: flag(style.isPresale),
    target_publish_date: style.targetPublishDate,
    notify_me: flag(style.notifyMe),
    is_digital: flag(style.isDigital),
    is_robis_only: flag(style.isRobisOnly),
    benefit_ratings: style.benefits ? JSON.stringify(style.benefits) : null,
    created_at: style.createdAt,
    featured_rank: style.featuredRank,
    // Limited releases: two per basket.
    max_qty: style.badge === 'limited' ? 2 : null,
    // Socks wear out and are bought again: the one replenishment line of the catalogue (migrations/0049).
    subscription_type: style.type === 'socks' ? 'replenishment' : 'none',
  };
}

export function styleTextRows(style: Style, copy: StyleCopy): SeedRow[] {
  return TEXT_LANGS.map((lang) => ({
    style_id: style.id,
    lang,
    name: copy[lang].name,
    eyebrow: copy[lang].eyebrow,
    description: copy[lang].description,
    details: JSON.stringify(copy[lang].details),
    model_measurements: copy[lang].modelMeasurements,
  }));
}

export function productRows(style: Style): SeedRow[] {
  return style.products.map((p) => ({
    id: p.id,
    style_id: style.id,
    slug: p.slug,
    colour_name: p.colour.name,
    colour_family: p.colour.family,
    swatch_hex: p.colour.hex,
    position: p.position,
  }));
}

export function variantRows(style: Style): SeedRow[] {
  return style.products.flatMap((p) =>
    p.variants.map((v) => ({ id: v.id, product_id: p.id, upc: v.upc, size: v.size, width: v.width, length: v.length, position: v.position })),
  );
}

/** The search index row: localized name, category path and description, colour names as sold. */
export function searchRows(style: Style, copy: StyleCopy): SeedRow[] {
  const colours = style.products.map((p) => p.colour.name).join(', ');
  return TEXT_LANGS.map((lang) => {
    if (!CATEGORY_LANGS.includes(lang)) throw new Error(`No category names in ${lang}`);
    return {
      style_id: style.id,
      lang,
      name: copy[lang].name,
      category: categoryPath(style.category, lang).join(' '),
      colours,
      description: copy[lang].description,
    };
  });
}
