// Product sets ("complete the look"): per department, a shoe, a garment and an accessory that go together.

import type { SeedData, SeedRow } from './tables.ts';

const THEMES = [
  {
    slug: 'trail-day',
    en: ['Trail day', 'Everything for a long day on the trail, from boots to pack.'],
    fr: ['Journée de randonnée', 'Tout pour une longue journée sur les sentiers, des chaussures au sac.'],
  },
  {
    slug: 'city-commute',
    en: ['City commute', 'Weatherproof layers and shoes for the daily commute.'],
    fr: ['Trajet en ville', 'Des couches et des chaussures imperméables pour le quotidien.'],
  },
  {
    slug: 'weekend-camp',
    en: ['Weekend camp', 'A relaxed kit for two nights under the stars.'],
    fr: ['Week-end en camping', 'Une tenue décontractée pour deux nuits à la belle étoile.'],
  },
  { slug: 'rainy-season', en: ['Rainy season', 'Stay dry when the forecast turns.'], fr: ['Saison des pluies', 'Restez au sec quand la météo tourne.'] },
  {
    slug: 'first-snow',
    en: ['First snow', 'Warm, grippy and ready for cold mornings.'],
    fr: ['Premières neiges', 'Chaud, adhérent et prêt pour les matins froids.'],
  },
  {
    slug: 'coastal-walk',
    en: ['Coastal walk', 'Light layers for wind and sea air.'],
    fr: ['Balade côtière', 'Des couches légères contre le vent et l’air marin.'],
  },
] as const;

const DEPARTMENT_ORDER = ['footwear', 'apparel', 'accessories'];

export function buildProductSets(catalog: SeedData): SeedData {
  const categories = catalog.categories ?? [];
  const byId = new Map(categories.map((c) => [c.id, c]));
  const departmentOf = (categoryId: unknown): SeedRow | undefined => {
    let node = byId.get(categoryId as number);
    while (node && node.level !== 2) node = byId.get(node.parent_id as number);
    return node;
  };
  const firstColour = new Map<string, string>();
  for (const p of catalog.products ?? []) if (!firstColour.has(p.style_id as string)) firstColour.set(p.style_id as string, p.id as string);

  // Styles grouped by audience (level 1) and department (level 2), in catalog order.
  const groups = new Map<string, Map<string, string[]>>();
  for (const style of catalog.styles ?? []) {
    if (style.is_digital === 1) continue;
    const department = departmentOf(style.category_id);
    if (!department) continue;
    const audience = String(department.parent_id);
    const key = DEPARTMENT_ORDER.find((d) => String(department.slug).includes(d));
    if (!key) continue;
    const audienceGroups = groups.get(audience) ?? new Map<string, string[]>();
    groups.set(audience, audienceGroups);
    audienceGroups.set(key, [...(audienceGroups.get(key) ?? []), style.id as string]);
  }

  const sets: SeedRow[] = [];
  const texts: SeedRow[] = [];
  const items: SeedRow[] = [];
  let n = 0;
  for (const [, departments] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    for (const [t, theme] of THEMES.entries()) {
      const picks = DEPARTMENT_ORDER.map((d) => departments.get(d)?.[t * 3]).filter((s): s is string => s !== undefined);
      if (picks.length < 2) continue;
      n++;
      const id = `SET${String(n).padStart(5, '0')}`;
      sets.push({ id, slug: `${theme.slug}-${n}` });
      texts.push({ set_id: id, lang: 'en', name: theme.en[0], description: theme.en[1] });
      texts.push({ set_id: id, lang: 'fr', name: theme.fr[0], description: theme.fr[1] });
      for (const [position, styleId] of picks.entries()) items.push({ set_id: id, product_id: firstColour.get(styleId) ?? null, position });
    }
  }
  return { product_sets: sets, product_set_texts: texts, product_set_items: items.filter((i) => i.product_id !== null) };
}

export const SET_TABLE_ORDER = ['product_sets', 'product_set_texts', 'product_set_items'] as const;
