// The catalog as linked objects while it is generated; rows are derived from these at the end.

import type { ProductType } from '../../src/worker/commerce/catalog/product-types.ts';
import type { Audience } from './assortment.ts';
import type { Category } from './categories.ts';
import type { Colour } from './colours.ts';
import type { ModifierKey } from './modifiers.ts';
import type { Noun } from './nouns.ts';
import type { Bilingual } from './text.ts';
import type { BenefitKey, TypeInfo } from './type-info.ts';

/** The day the data describes: created_at and sale dates lie before it, "coming soon" dates after. */
export const SEED_TODAY = '2026-11-15';

export const BADGES = ['new', 'bestseller', 'sustainable', 'online-exclusive', 'limited'] as const;
export type Badge = (typeof BADGES)[number];

export interface Benefit {
  key: BenefitKey;
  value: number;
}

export interface Variant {
  id: string;
  upc: string;
  size: string;
  width: string | null;
  length: string | null;
  position: number;
}

export interface Product {
  id: string;
  style: Style;
  slug: string;
  colour: Colour;
  position: number;
  variants: Variant[];
}

export interface Style {
  id: string;
  category: Category;
  /** Null only for the gift card, which belongs to no audience. */
  audience: Audience | null;
  type: ProductType;
  info: TypeInfo;
  name: Bilingual;
  noun: Noun | null;
  modifier: ModifierKey | null;
  /** Adult footwear sold in medium and wide. */
  wide: boolean;
  badge: Badge | null;
  rating: number | null;
  reviewCount: number;
  isPresale: boolean;
  targetPublishDate: string | null;
  notifyMe: boolean;
  isDigital: boolean;
  isRobisOnly: boolean;
  benefits: Benefit[] | null;
  createdAt: string;
  featuredRank: number;
  products: Product[];
}

export function isComingSoon(style: Style): boolean {
  return style.targetPublishDate !== null && style.targetPublishDate > SEED_TODAY;
}
