// Styles (master products): name, category and type, then merchandising flags, ratings and benefits.

import type { ProductType } from '../../src/worker/commerce/catalog/product-types.ts';
import { typesFor } from './assortment.ts';
import type { Category, CategoryTree } from './categories.ts';
import { addDays, daysBetween } from './dates.ts';
import { type Badge, type Benefit, isComingSoon, SEED_TODAY, type Style } from './model.ts';
import { createNameRegistry, pickStyleName } from './names.ts';
import { ALPHANUMERIC, createRandom, type Random, randomCode } from './random.ts';
import { BENEFIT_KEYS, type BenefitKey, TYPE_INFO } from './type-info.ts';

export const GIFT_CARD_STYLE_ID = 'GIFTCD';

const FIRST_SALE_DAY = '2024-01-01';
const COMING_SOON_FROM = '2027-02-01';
const COMING_SOON_TO = '2027-06-30';

function styleIds(random: Random): () => string {
  const used = new Set<string>([GIFT_CARD_STYLE_ID]);
  return () => {
    for (;;) {
      // A leading letter keeps ids from reading as numbers in spreadsheets and logs.
      const id = randomCode(random, 1, ALPHANUMERIC.slice(0, 26)) + randomCode(random, 5);
      if (!used.has(id)) {
        used.add(id);
        return id;
      }
    }
  };
}

function randomDay(random: Random, from: string, to: string): string {
  return addDays(from, random.int(0, daysBetween(from, to)));
}

function blankStyle(id: string, category: Category, type: ProductType): Style {
  return {
    id,
    category,
    audience: category.audience,
    type,
    info: TYPE_INFO[type],
    name: { en: '', fr: '' },
    noun: null,
    modifier: null,
    wide: false,
    badge: null,
    rating: null,
    reviewCount: 0,
    isPresale: false,
    targetPublishDate: null,
    notifyMe: false,
    isDigital: false,
    isRobisOnly: false,
    benefits: null,
    createdAt: FIRST_SALE_DAY,
    featuredRank: 0,
    products: [],
  };
}

/**
 * Disjoint sets of styles get the rare flags, so each flag is exercised on its own. Returns a few
 * released styles that have no reviews yet.
 */
function assignFlags(styles: Style[], random: Random): Set<Style> {
  const order = random.shuffle(styles);
  const take = (count: number): Style[] => order.splice(0, count);
  const recent = (): string => randomDay(random, '2026-10-01', SEED_TODAY);
  for (const style of take(8)) {
    style.isPresale = true;
    style.createdAt = recent();
  }
  for (const style of take(8)) {
    style.targetPublishDate = randomDay(random, COMING_SOON_FROM, COMING_SOON_TO);
    style.notifyMe = true;
    style.createdAt = recent();
  }
  for (const style of take(5)) style.isRobisOnly = true;
  // A publish date in the past is simply live; a few rows show the app must compare, not test for null.
  for (const style of take(6)) style.targetPublishDate = randomDay(random, style.createdAt, SEED_TODAY);
  for (const style of take(Math.round(styles.length * 0.15) - 8)) style.notifyMe = true;
  return new Set(take(3));
}

function pickBenefits(style: Style, random: Random): Benefit[] | null {
  const keys = style.info.benefits;
  if (!keys) return null;
  const [lead, ...rest] = keys;
  if (!lead) return null;
  const chosen = [lead, ...random.shuffle(rest).slice(0, random.int(2, 3))];
  const noun = style.noun?.en ?? '';
  const standsOut: Partial<Record<BenefitKey, boolean>> = {
    waterproof: style.modifier === 'waterproof' || /Rain|Shell/.test(noun),
    warmth: style.modifier === 'insulated' || style.modifier === 'down' || /Winter|Parka|Puffer|Down/.test(noun),
    weight: style.modifier === 'lightweight',
    comfort: style.modifier === 'cushioned',
  };
  return BENEFIT_KEYS.filter((key) => chosen.includes(key)).map((key) => ({ key, value: standsOut[key] ? 5 : random.int(2, 5) }));
}

function pickBadge(style: Style, random: Random): Badge | null {
  if (style.createdAt >= '2026-08-01' && random.chance(0.55)) return 'new';
  if (!random.chance(0.3)) return null;
  const sustainable = style.modifier === 'recycled' || style.modifier === 'organic' || style.modifier === 'hemp';
  const badge = random.weighted<Badge>([
    ['bestseller', style.reviewCount > 200 ? 5 : 1],
    ['sustainable', sustainable ? 6 : 2],
    ['online-exclusive', 2],
    ['limited', 1],
  ]);
  return badge === 'bestseller' && style.reviewCount === 0 ? 'new' : badge;
}

function merchandise(style: Style, random: Random, unreviewed: boolean): void {
  if (!unreviewed && !style.isPresale && !isComingSoon(style)) {
    // Skewed towards 4.x and towards few reviews, as real rating data is.
    style.rating = Math.round((random.int(32, 50) + random.int(38, 50)) / 2) / 10;
    style.reviewCount = Math.max(1, Math.round(2400 * random.next() ** 2.5));
  }
  style.badge = pickBadge(style, random);
  style.benefits = pickBenefits(style, random);
}

function giftCardStyle(category: Category): Style {
  const style = blankStyle(GIFT_CARD_STYLE_ID, category, 'gift-card');
  style.name = { en: 'Cairn Digital Gift Card', fr: 'Carte cadeau numérique Cairn' };
  style.isDigital = true;
  return style;
}

export function buildStyles(tree: CategoryTree): Style[] {
  const nextId = styleIds(createRandom('style-ids'));
  const names = createNameRegistry();
  const styles: Style[] = [];
  for (const category of tree.leaves) {
    const { audience, leaf } = category;
    if (!audience || !leaf) throw new Error(`Category ${category.slug} has no audience or type`);
    const random = createRandom(`styles:${category.slug}`);
    for (let i = 0; i < category.styleCount; i++) {
      const type = random.weighted(typesFor(audience, leaf));
      if (type === 'gift-card') throw new Error('Gift cards live in their own category');
      const style = blankStyle(nextId(), category, type);
      const name = pickStyleName(random, type, audience, names);
      style.name = { en: name.en, fr: name.fr };
      style.noun = name.noun;
      style.modifier = name.modifier;
      // About a third of adult footwear (sandals included) comes in medium and wide.
      style.wide = audience !== 'kids' && style.info.widths && random.chance(0.38);
      style.createdAt = randomDay(random, FIRST_SALE_DAY, SEED_TODAY);
      styles.push(style);
    }
  }
  const unreviewed = assignFlags(styles, createRandom('style-flags'));
  for (const style of styles) merchandise(style, createRandom(`merchandise:${style.id}`), unreviewed.has(style));
  styles.push(giftCardStyle(tree.giftCards));

  const featured = createRandom('featured');
  const score = new Map(styles.map((s) => [s, featured.next() + (s.badge === 'bestseller' ? 0.4 : 0) + (s.rating ?? 3.5) / 10]));
  [...styles]
    .sort((a, b) => (score.get(b) ?? 0) - (score.get(a) ?? 0))
    .forEach((style, i) => {
      style.featuredRank = i + 1;
    });
  return styles;
}
