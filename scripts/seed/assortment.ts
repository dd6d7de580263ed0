// What the catalog sells: styles per category and the product types each category holds.

import type { Lang } from '../../src/shared/locale/sites.ts';
import type { ProductType } from '../../src/worker/commerce/catalog/product-types.ts';

export type Audience = 'men' | 'women' | 'kids';
export type Department = 'footwear' | 'apparel' | 'accessories';
export type LeafKey =
  | 'boots'
  | 'hiking'
  | 'sneakers'
  | 'shoes'
  | 'sandals'
  | 'jackets'
  | 'fleece-hoodies'
  | 't-shirts'
  | 'shirts'
  | 'pants'
  | 'shorts'
  | 'bags'
  | 'hats'
  | 'socks'
  | 'belts';

export type LocalizedNames = Record<Lang, string>;
export type TypeWeights = readonly (readonly [ProductType, number])[];

export interface LeafPlan {
  leaf: LeafKey;
  styles: number;
}

export const AUDIENCES: readonly { key: Audience; slug: string; names: LocalizedNames }[] = [
  { key: 'men', slug: 'mens', names: { en: 'Men', fr: 'Homme', de: 'Herren', it: 'Uomo' } },
  { key: 'women', slug: 'womens', names: { en: 'Women', fr: 'Femme', de: 'Damen', it: 'Donna' } },
  { key: 'kids', slug: 'kids', names: { en: 'Kids', fr: 'Enfant', de: 'Kinder', it: 'Bambini' } },
];

export const DEPARTMENTS: readonly { key: Department; names: LocalizedNames }[] = [
  { key: 'footwear', names: { en: 'Footwear', fr: 'Chaussures', de: 'Schuhe', it: 'Calzature' } },
  { key: 'apparel', names: { en: 'Apparel', fr: 'Vêtements', de: 'Bekleidung', it: 'Abbigliamento' } },
  { key: 'accessories', names: { en: 'Accessories', fr: 'Accessoires', de: 'Accessoires', it: 'Accessori' } },
];

export const LEAF_NAMES: Readonly<Record<LeafKey, LocalizedNames>> = {
  boots: { en: 'Boots', fr: 'Bottes', de: 'Stiefel', it: 'Stivali' },
  hiking: { en: 'Hiking', fr: 'Randonnée', de: 'Wanderschuhe', it: 'Trekking' },
  sneakers: { en: 'Sneakers', fr: 'Baskets', de: 'Sneaker', it: 'Sneaker' },
  shoes: { en: 'Shoes', fr: 'Chaussures de ville', de: 'Halbschuhe', it: 'Scarpe' },
  sandals: { en: 'Sandals', fr: 'Sandales', de: 'Sandalen', it: 'Sandali' },
  jackets: { en: 'Jackets', fr: 'Vestes', de: 'Jacken', it: 'Giacche' },
  'fleece-hoodies': { en: 'Fleece & Hoodies', fr: 'Polaires et sweats', de: 'Fleece & Hoodies', it: 'Pile e felpe' },
  't-shirts': { en: 'T-Shirts', fr: 'T-shirts', de: 'T-Shirts', it: 'T-shirt' },
  shirts: { en: 'Shirts', fr: 'Chemises', de: 'Hemden', it: 'Camicie' },
  pants: { en: 'Pants', fr: 'Pantalons', de: 'Hosen', it: 'Pantaloni' },
  shorts: { en: 'Shorts', fr: 'Shorts', de: 'Shorts', it: 'Pantaloncini' },
  bags: { en: 'Bags', fr: 'Sacs', de: 'Taschen', it: 'Borse' },
  hats: { en: 'Hats', fr: 'Bonnets et casquettes', de: 'Mützen & Caps', it: 'Cappelli' },
  socks: { en: 'Socks', fr: 'Chaussettes', de: 'Socken', it: 'Calze' },
  belts: { en: 'Belts', fr: 'Ceintures', de: 'Gürtel', it: 'Cinture' },
};

export const GIFT_CARD_NAMES: LocalizedNames = { en: 'Gift Cards', fr: 'Cartes cadeaux', de: 'Geschenkkarten', it: 'Carte regalo' };

/** Product types per category; the weight is how often a style of that category gets the type. */
export const LEAF_TYPES: Readonly<Record<LeafKey, TypeWeights>> = {
  boots: [
    ['boot', 3],
    ['chukka', 1],
  ],
  hiking: [['hiker', 1]],
  sneakers: [
    ['sneaker', 2],
    ['runner', 1],
  ],
  shoes: [
    ['loafer', 3],
    ['chukka', 1],
  ],
  sandals: [
    ['sandal', 3],
    ['slide', 1],
  ],
  jackets: [
    ['jacket', 3],
    ['parka', 1],
    ['vest', 1],
  ],
  'fleece-hoodies': [
    ['fleece', 2],
    ['hoodie', 2],
    ['sweatshirt', 1],
  ],
  't-shirts': [['tee', 1]],
  shirts: [['shirt', 1]],
  pants: [
    ['pants', 3],
    ['joggers', 1],
  ],
  shorts: [['shorts', 1]],
  bags: [
    ['backpack', 2],
    ['tote', 1],
  ],
  hats: [
    ['beanie', 1],
    ['cap', 1],
  ],
  socks: [['socks', 1]],
  belts: [['belt', 1]],
};

// Kids' boots mix in small hikers; their jackets are rain shells and puffers rather than parkas.
const KIDS_TYPES: Partial<Record<LeafKey, TypeWeights>> = {
  boots: [
    ['boot', 3],
    ['hiker', 1],
  ],
  jackets: [
    ['jacket', 3],
    ['vest', 1],
  ],
};

export function typesFor(audience: Audience, leaf: LeafKey): TypeWeights {
  return (audience === 'kids' ? KIDS_TYPES[leaf] : undefined) ?? LEAF_TYPES[leaf];
}

const ADULT_APPAREL: readonly LeafPlan[] = [
  { leaf: 'jackets', styles: 20 },
  { leaf: 'fleece-hoodies', styles: 14 },
  { leaf: 't-shirts', styles: 14 },
  { leaf: 'shirts', styles: 10 },
  { leaf: 'pants', styles: 12 },
  { leaf: 'shorts', styles: 8 },
];

/** Style counts per category: about 440 styles, kids far fewer than adults. */
export const ASSORTMENT: Readonly<Record<Audience, Readonly<Record<Department, readonly LeafPlan[]>>>> = {
  men: {
    footwear: [
      { leaf: 'boots', styles: 24 },
      { leaf: 'hiking', styles: 22 },
      { leaf: 'sneakers', styles: 22 },
      { leaf: 'shoes', styles: 12 },
      { leaf: 'sandals', styles: 10 },
    ],
    apparel: ADULT_APPAREL,
    accessories: [
      { leaf: 'bags', styles: 8 },
      { leaf: 'hats', styles: 8 },
      { leaf: 'socks', styles: 6 },
      { leaf: 'belts', styles: 4 },
    ],
  },
  women: {
    footwear: [
      { leaf: 'boots', styles: 24 },
      { leaf: 'hiking', styles: 20 },
      { leaf: 'sneakers', styles: 22 },
      { leaf: 'shoes', styles: 14 },
      { leaf: 'sandals', styles: 12 },
    ],
    apparel: ADULT_APPAREL,
    accessories: [
      { leaf: 'bags', styles: 8 },
      { leaf: 'hats', styles: 7 },
      { leaf: 'socks', styles: 6 },
      { leaf: 'belts', styles: 3 },
    ],
  },
  kids: {
    footwear: [
      { leaf: 'boots', styles: 8 },
      { leaf: 'sneakers', styles: 9 },
      { leaf: 'sandals', styles: 6 },
    ],
    apparel: [
      { leaf: 'jackets', styles: 7 },
      { leaf: 'fleece-hoodies', styles: 6 },
      { leaf: 't-shirts', styles: 6 },
    ],
    accessories: [
      { leaf: 'hats', styles: 4 },
      { leaf: 'socks', styles: 4 },
    ],
  },
};
