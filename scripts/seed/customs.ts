// Made-to-order boots: three released boot styles the workshop makes to order, and two curated designs
// shoppers can ask for by code.

import type { SeedData, SeedRow } from './tables.ts';

export const CUSTOMS_TABLE_ORDER = ['custom_styles', 'custom_recipes'] as const;

/** The curated designs, on the first customisable style: its first colour with red laces, its second with none. */
export const PRECREATED = [
  { code: 'TRAIL-ICON', recipeId: 'RCPTRAILICON1', colour: 0, laces: 'red', monogram: '' },
  { code: 'SUMMIT-NAVY', recipeId: 'RCPSUMMITNAV1', colour: 1, laces: 'blue', monogram: 'CRN' },
] as const;

export function buildCustoms(catalog: { styles: SeedRow[]; products: SeedRow[] }): SeedData {
  const boots = catalog.styles
    .filter(
      (s) =>
        s.product_type === 'boot' && s.is_presale === 0 && s.is_robis_only === 0 && s.target_publish_date === null && s.notify_me === 0 && s.is_digital === 0,
    )
    .sort((a, b) => Number(a.featured_rank) - Number(b.featured_rank))
    .slice(0, 3);
  if (boots.length < 3) throw new Error('the catalog has too few released boots to make to order');
  const [first] = boots;
  const colours = catalog.products.filter((p) => p.style_id === first?.id).sort((a, b) => Number(a.position) - Number(b.position));
  return {
    custom_styles: boots.map((s) => ({ style_id: String(s.id) })),
    custom_recipes: PRECREATED.map((design) => {
      const product = colours[design.colour] ?? colours[0];
      if (!first || !product) throw new Error('no colour for a curated design');
      return {
        recipe_id: design.recipeId,
        style_id: String(first.id),
        product_id: String(product.id),
        laces: design.laces,
        monogram: design.monogram,
        precreated_code: design.code,
        created_at: '2026-11-01T09:00:00.000Z',
      };
    }),
  };
}
