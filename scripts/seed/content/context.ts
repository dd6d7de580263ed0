// What every document builder needs for one locale, and helpers for the local media and links they share.

import type { Media, Target } from '../../../src/shared/content/blocks.ts';
import type { Lang, Locale } from '../../../src/shared/locale/sites.ts';
import type { CatalogLookup } from './catalog-lookup.ts';
import { type Copy, copyFor } from './copy.ts';

export interface ContentContext {
  locale: Locale;
  lang: Lang;
  /** "/en-us": every link starts here. */
  base: string;
  copy: Copy;
  lookup: CatalogLookup;
}

export function contentContext(locale: Locale, lookup: CatalogLookup): ContentContext {
  return { locale, lang: locale.lang, base: `/${locale.code}`, copy: copyFor(locale), lookup };
}

/** The category route of routes.ts: "/en-us/c/mens-boots-27713". */
export function categoryUrl(ctx: ContentContext, slug: string, query = ''): string {
  return `${ctx.base}/c/${slug}-${ctx.lookup.category(slug).id}${query}`;
}

export function categoryName(ctx: ContentContext, slug: string): string {
  return ctx.lookup.category(slug).names[ctx.lang];
}

export function categoryTarget(ctx: ContentContext, slug: string, text = categoryName(ctx, slug), style: Target['style'] = 'primary'): Target {
  return { text, url: categoryUrl(ctx, slug), style };
}

export const BANNER_SIZE = { width: 1600, height: 700 } as const;
export const PRODUCT_SIZE = { width: 800, height: 800 } as const;

export function bannerMedia(name: 'hero' | 'trail' | 'city' | 'kids', alt: string): Media {
  return { type: 'image', source: { kind: 'banner', name }, alt, ...BANNER_SIZE };
}

export function productMedia(productId: string, alt: string, view: 'side' | 'angle' | 'detail' = 'side'): Media {
  return { type: 'image', source: { kind: 'product', productId, view }, alt, ...PRODUCT_SIZE };
}

export const paragraph = (text: string): string => `<p>${text}</p>`;

/** The most featured sellable colour under a category (skip moves down the ranking to vary pictures). */
export function topProduct(ctx: ContentContext, slug: string, skip = 0): string {
  const [id] = ctx.lookup.featured(slug, 1, skip);
  if (!id) throw new Error(`No product to show for ${slug}`);
  return id;
}
