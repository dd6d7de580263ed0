// URL patterns of the storefront (commerce-core §2): parsing and building, one place for both sides.

import { checkoutPath, orderConfirmationPath } from './commerce/checkout.ts';
import { findLocale, type Locale } from './locale/sites.ts';

export const PRODUCT_ID = /^[A-Z0-9]{8,11}$/;

// The id follows the last hyphen; a slug is optional ("/p/A1B2C3D4" is a product too).
const CATEGORY_SEGMENT = /^(?:(?<slug>[a-z0-9-]+)-)?(?<id>\d{4,10})$/;
const CATEGORY_ALTERNATE = /^(?:(?<slug>[a-z0-9-]+)-)?c(?<id>\d{4,6})$/;
const PRODUCT_SEGMENT = /^(?:(?<slug>[a-z0-9-]+)-)?(?<id>[A-Z0-9]{8,11})$/;
const PRODUCT_ALTERNATE = /^(?:(?<slug>[a-z0-9-]+)-)?p(?<id>[A-Za-z0-9]{8,11})$/;

export interface ParsedSegment<Id> {
  slug: string;
  id: Id;
  /** True when the URL used the "-c1234" / "-pABCD1234" form. */
  alternate: boolean;
}

/** "mens-boots-1234" or "mens-boots-c1234" -> category id 1234. */
export function parseCategorySegment(segment: string): ParsedSegment<number> | undefined {
  const primary = CATEGORY_SEGMENT.exec(segment);
  if (primary?.groups) return { slug: primary.groups.slug ?? '', id: Number(primary.groups.id), alternate: false };
  const alternate = CATEGORY_ALTERNATE.exec(segment);
  if (alternate?.groups) return { slug: alternate.groups.slug ?? '', id: Number(alternate.groups.id), alternate: true };
  return undefined;
}

/** "classic-boot-A1B2C3D4" or "classic-boot-pA1B2C3D4" -> product id. */
export function parseProductSegment(segment: string): ParsedSegment<string> | undefined {
  const primary = PRODUCT_SEGMENT.exec(segment);
  if (primary?.groups) return { slug: primary.groups.slug ?? '', id: primary.groups.id ?? '', alternate: false };
  const alternate = PRODUCT_ALTERNATE.exec(segment);
  if (alternate?.groups) {
    const id = (alternate.groups.id ?? '').toUpperCase();
    return { slug: alternate.groups.slug ?? '', id, alternate: true };
  }
  return undefined;
}

/** Splits "/en-gb/c/x-1234" into its locale and the rest ("/c/x-1234"). */
export function splitLocalePath(pathname: string): { locale: Locale | undefined; rest: string } {
  const match = /^\/([a-z]{2}-[a-z]{2})(?=\/|$)/i.exec(pathname);
  const locale = match ? findLocale(match[1]) : undefined;
  if (!locale || !match) return { locale: undefined, rest: pathname };
  return { locale, rest: pathname.slice(match[0].length) || '/' };
}

export const paths = {
  home: (locale: string) => `/${locale}`,
  category: (locale: string, slug: string, id: number) => `/${locale}/c/${slug}-${id}`,
  product: (locale: string, slug: string, id: string) => `/${locale}/p/${slug}-${id}`,
  /** The design studio of a boot made to order (customs). */
  customise: (locale: string, slug: string, id: string) => `/${locale}/p/${slug}-${id}/customise`,
  search: (locale: string, q?: string) => (q ? `/${locale}/search?q=${encodeURIComponent(q)}` : `/${locale}/search`),
  cart: (locale: string) => `/${locale}/cart`,
  account: (locale: string) => `/${locale}/account`,
  favorites: (locale: string) => `/${locale}/favorites`,
  checkout: checkoutPath,
  orderConfirmation: orderConfirmationPath,
};
