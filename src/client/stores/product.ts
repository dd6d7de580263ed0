// Product page store: the shopper's size/width/length choice over one colour's variants and stock.
// Stock comes with the page, which is rendered per request; the cart checks it again on add.

import { useMemo } from 'react';
import { proxy, type Snapshot } from 'valtio/vanilla';
import type { AttributeType, ProductAttribute, Selection, VariantView } from '../../shared/commerce/variants.ts';
import { useStore } from './use-store.ts';

export type PickerVariant = VariantView;

/** An attribute the shopper chooses: not the colour (a page of its own), and with more than one option. */
export const isChoosable = (attribute: ProductAttribute) => attribute.type !== 'color' && attribute.options.length > 1;

export interface ProductState {
  productId: string;
  selection: Selection;
  variants: PickerVariant[];
}

function createProductStore(productId: string, variants: PickerVariant[], selection: Selection) {
  const state = proxy<ProductState>({ productId, selection: { ...selection }, variants: variants.map((v) => ({ ...v })) });

  /** Answers the choice as it now is, which the last render's snapshot may not show yet. */
  function select(type: AttributeType, value: string): Selection {
    state.selection = { ...state.selection, [type]: value };
    return state.selection;
  }

  return { state, select };
}

export type ProductStore = ReturnType<typeof createProductStore>;

/**
 * The picker's state for a render. On the server nothing changes during a render, so the props are
 * the state as they are: a Valtio proxy there cost a fifth of the product page's render time.
 */
export function useProductStore(
  productId: string,
  variants: PickerVariant[],
  selection: Selection,
): { snap: Snapshot<ProductState>; select: ProductStore['select'] } {
  if (typeof document === 'undefined') return { snap: { productId, variants, selection }, select: () => selection };
  // The branch above is fixed per environment, so every render in one environment calls the same hooks.
  const store = useMemo(() => createProductStore(productId, variants, selection), [productId, variants, selection]);
  const snap = useStore(store.state);
  return { snap, select: store.select };
}
