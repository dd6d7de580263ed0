// Home page category tiles: the illustration per department and audience. The build draws exactly these.

import type { ProductType } from './product-types.ts';

const DEPARTMENT_TYPES: Record<string, ProductType> = { footwear: 'boot', apparel: 'jacket', accessories: 'backpack' };
const AUDIENCE_COLOURS = ['#A0703C', '#3E5C4A', '#B5533C', '#2F4A6B', '#6B4E8A', '#C99A2E'];

export function tileArt(departmentSlug: string, audienceIndex: number): { type: ProductType; hex: string } {
  const department = Object.keys(DEPARTMENT_TYPES).find((d) => departmentSlug.includes(d)) ?? 'footwear';
  const departmentIndex = Object.keys(DEPARTMENT_TYPES).indexOf(department);
  return {
    type: DEPARTMENT_TYPES[department] as ProductType,
    hex: AUDIENCE_COLOURS[(audienceIndex + departmentIndex) % AUDIENCE_COLOURS.length] as string,
  };
}

/** Every tile the home page can show, for the build. */
export const TILE_ART = Object.keys(DEPARTMENT_TYPES).flatMap((department) => [0, 1, 2, 3].map((audience) => tileArt(department, audience)));
