// Where content is shown, for the Filter-by block (account-content §3: variant bySku or byCategory, a list,
// IN or NOT IN): the product a page is about (its style, colour and sizes) and the categories it sits in.
// A slot's document is one for every product or category page, so the filter is applied as each page
// renders it, never when the shared document is cached.

import { createContext, useContext } from 'react';
import type { FilterByBlock } from '../../../shared/content/blocks.ts';

export interface ContentPlace {
  /** Style, colour (product) and variant ids of the product the page is about. */
  skus: readonly string[];
  /** The page's category and those above it. */
  categoryIds: readonly string[];
}

const NOWHERE: ContentPlace = { skus: [], categoryIds: [] };
const PlaceContext = createContext<ContentPlace>(NOWHERE);

export const ContentPlaceProvider = PlaceContext.Provider;
export const useContentPlace = () => useContext(PlaceContext);

/** Whether the block's components show here: the page's ids meet the list (IN) or do not (NOT IN). */
export function filterShows(block: Pick<FilterByBlock, 'variant' | 'filterBy' | 'operator'>, place: ContentPlace): boolean {
  const here = block.variant === 'bySku' ? place.skus : place.categoryIds;
  const listed = new Set(block.filterBy.map((id) => id.trim().toUpperCase()));
  const meets = here.some((id) => listed.has(id.toUpperCase()));
  return block.operator === 'IN' ? meets : !meets;
}
