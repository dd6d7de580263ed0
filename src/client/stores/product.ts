// Product page store: the shopper's size/width/length choice over one colour's variants and stock.
// Stock comes with the page, which is rendered per request; the cart checks it again on add.

import { useMemo } from 'react';
import { proxy, type Snapshot } from 'valtio/vanilla';
import type { AttributeType, Selection, VariantView } from '../../shared/commerce/variants.ts';
import { useStore } from './use-store.ts';

export type PickerVariant = VariantView;

export interface ProductState {
  productId: string;
  selection: Selection;
  variants: PickerVariant[];
}

function createProductStore(productId: string, variants: PickerVariant[], selection: Selection) {
  const state = proxy<ProductState>({ productId, selection: { ...selection }, variants: variants.map((v) => ({ ...v })) });

  function select(type: AttributeType, value: string): void {
    state.selection = { ...state.selection, [type]: value };
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
  if (typeof document === 'undefined') return { snap: { productId, variants, selection }, select: () => {} };
  // The branch above is fixed per environment, so every render in one environment calls the same hooks.
  const store = useMemo(() => createProductStore(productId, variants, selection), [productId, variants, selection]);
  const snap = useStore(store.state);
  return { snap, select: store.select };
}
