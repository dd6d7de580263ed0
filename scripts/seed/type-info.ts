// What each product type implies: size system, copy, price band, colours and benefit ratings.

import type { ProductType } from '../../src/worker/commerce/catalog/product-types.ts';

export type SizeSystem = 'shoe' | 'apparel' | 'bottoms' | 'one-size' | 'amount';
export type CopyGroup = 'footwear' | 'outerwear' | 'midlayer' | 'tops' | 'bottoms' | 'headwear' | 'bags' | 'socks' | 'belts' | 'gift';
export type PaletteKey = 'leather' | 'trail' | 'sport' | 'sandal' | 'outerwear' | 'knit' | 'tops' | 'bottoms' | 'gear' | 'belt' | 'gift';
export type BenefitKey = 'waterproof' | 'warmth' | 'comfort' | 'durability' | 'breathability' | 'grip' | 'weight';

export const BENEFIT_KEYS: readonly BenefitKey[] = ['waterproof', 'warmth', 'comfort', 'durability', 'breathability', 'grip', 'weight'];

export interface TypeInfo {
  sizeSystem: SizeSystem;
  group: CopyGroup;
  /** Adult list price band in whole US dollars. */
  priceUsd: readonly [number, number];
  palette: PaletteKey;
  /** Benefits a shopper compares for this type; null when the page shows none. */
  benefits: readonly BenefitKey[] | null;
  /** Whether adult styles of this type may come in a wide fit. */
  widths: boolean;
}

function info(sizeSystem: SizeSystem, group: CopyGroup, priceUsd: [number, number], palette: PaletteKey, benefits: string | null, widths = false): TypeInfo {
  return { sizeSystem, group, priceUsd, palette, benefits: benefits ? (benefits.split(' ') as BenefitKey[]) : null, widths };
}

export const TYPE_INFO: Readonly<Record<ProductType, TypeInfo>> = {
  boot: info('shoe', 'footwear', [140, 240], 'leather', 'waterproof warmth durability grip comfort', true),
  hiker: info('shoe', 'footwear', [140, 220], 'trail', 'waterproof grip comfort durability weight', true),
  chukka: info('shoe', 'footwear', [130, 180], 'leather', 'comfort durability weight grip', true),
  sneaker: info('shoe', 'footwear', [90, 140], 'sport', 'comfort breathability weight durability', true),
  runner: info('shoe', 'footwear', [110, 160], 'sport', 'grip comfort weight breathability', true),
  loafer: info('shoe', 'footwear', [110, 170], 'leather', 'comfort weight durability', true),
  sandal: info('shoe', 'footwear', [55, 95], 'sandal', 'comfort grip weight breathability'),
  slide: info('shoe', 'footwear', [35, 60], 'sandal', 'comfort weight grip'),
  jacket: info('apparel', 'outerwear', [150, 350], 'outerwear', 'waterproof warmth breathability weight durability'),
  parka: info('apparel', 'outerwear', [260, 420], 'outerwear', 'warmth waterproof durability weight'),
  vest: info('apparel', 'outerwear', [90, 170], 'outerwear', 'warmth weight durability'),
  fleece: info('apparel', 'midlayer', [80, 140], 'knit', null),
  hoodie: info('apparel', 'midlayer', [65, 95], 'knit', null),
  sweatshirt: info('apparel', 'midlayer', [60, 90], 'knit', null),
  tee: info('apparel', 'tops', [30, 45], 'tops', null),
  shirt: info('apparel', 'tops', [60, 95], 'tops', null),
  pants: info('bottoms', 'bottoms', [70, 110], 'bottoms', null),
  shorts: info('apparel', 'bottoms', [45, 70], 'bottoms', null),
  joggers: info('apparel', 'bottoms', [60, 85], 'knit', null),
  beanie: info('one-size', 'headwear', [25, 40], 'gear', null),
  cap: info('one-size', 'headwear', [28, 38], 'gear', null),
  backpack: info('one-size', 'bags', [80, 150], 'gear', null),
  tote: info('one-size', 'bags', [40, 90], 'gear', null),
  socks: info('apparel', 'socks', [15, 22], 'gear', null),
  belt: info('apparel', 'belts', [40, 70], 'belt', null),
  'gift-card': info('amount', 'gift', [25, 25], 'gift', null),
};

/** Kids' prices are a share of the adult band. */
export const KIDS_PRICE_FACTOR = 0.6;
