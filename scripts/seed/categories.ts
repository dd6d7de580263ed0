// The category tree: audience > department > product type, plus a childless gift-card root.

import {
  ASSORTMENT,
  AUDIENCES,
  type Audience,
  DEPARTMENTS,
  type Department,
  GIFT_CARD_NAMES,
  LEAF_NAMES,
  type LeafKey,
  type LocalizedNames,
} from './assortment.ts';
import { createRandom, type Random } from './random.ts';
import type { SeedRow } from './tables.ts';

export const CATEGORY_LANGS = ['en', 'fr', 'de', 'it'] as const;

export interface Category {
  id: number;
  parent: Category | null;
  slug: string;
  level: 1 | 2 | 3;
  position: number;
  names: LocalizedNames;
  audience: Audience | null;
  department: Department | null;
  leaf: LeafKey | null;
  /** Planned number of styles; only level-3 categories hold styles. */
  styleCount: number;
}

export interface CategoryTree {
  /** Parents before children (level 1, then 2, then 3), as foreign keys need. */
  all: Category[];
  leaves: Category[];
  giftCards: Category;
}

/**
 * Even positions get 4-6 digit ids, odd ones 7-10 digits: the alternate "-c1234" URL form only
 * accepts up to 6 digits, so both forms need real categories to point at.
 */
function idAllocator(random: Random): () => number {
  const used = new Set<number>();
  let index = 0;
  return () => {
    const digits = index % 2 === 0 ? 4 + ((index / 2) % 3) : 7 + (((index - 1) / 2) % 4);
    index++;
    for (;;) {
      const id = random.int(10 ** (digits - 1), 10 ** digits - 1);
      if (!used.has(id)) {
        used.add(id);
        return id;
      }
    }
  };
}

export function buildCategoryTree(): CategoryTree {
  const nextId = idAllocator(createRandom('categories'));
  const all: Category[] = [];
  const add = (category: Omit<Category, 'id'>): Category => {
    const created = { id: nextId(), ...category };
    all.push(created);
    return created;
  };
  const base = { audience: null, department: null, leaf: null, styleCount: 0 };

  AUDIENCES.forEach((audience, a) => {
    const root = add({ ...base, parent: null, slug: audience.slug, level: 1, position: a + 1, names: audience.names, audience: audience.key });
    DEPARTMENTS.forEach((department, d) => {
      const plans = ASSORTMENT[audience.key][department.key];
      const slug = `${audience.slug}-${department.key}`;
      const node = add({ ...base, parent: root, slug, level: 2, position: d + 1, names: department.names, audience: audience.key, department: department.key });
      plans.forEach((plan, l) => {
        add({
          parent: node,
          slug: `${audience.slug}-${plan.leaf}`,
          level: 3,
          position: l + 1,
          names: LEAF_NAMES[plan.leaf],
          audience: audience.key,
          department: department.key,
          leaf: plan.leaf,
          styleCount: plan.styles,
        });
      });
    });
  });
  const giftCards = add({ ...base, parent: null, slug: 'gift-cards', level: 1, position: AUDIENCES.length + 1, names: GIFT_CARD_NAMES });

  all.sort((x, y) => x.level - y.level);
  return { all, leaves: all.filter((c) => c.level === 3), giftCards };
}

/** Category names from the root down, in one language: "Homme Chaussures Bottes". */
export function categoryPath(category: Category, lang: (typeof CATEGORY_LANGS)[number]): string[] {
  const names: string[] = [];
  for (let node: Category | null = category; node; node = node.parent) names.unshift(node.names[lang]);
  return names;
}

export function categoryRows(tree: CategoryTree): { categories: SeedRow[]; category_texts: SeedRow[] } {
  return {
    categories: tree.all.map((c) => ({ id: c.id, parent_id: c.parent?.id ?? null, slug: c.slug, level: c.level, position: c.position })),
    category_texts: tree.all.flatMap((c) => CATEGORY_LANGS.map((lang) => ({ category_id: c.id, lang, name: c.names[lang] }))),
  };
}
