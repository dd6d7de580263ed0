// Product page store: the shopper's size/width/length choice over one colour's variants and stock.
// Stock comes with the page, which is rendered per request; the cart checks it again on add.

import { proxy } from 'valtio/vanilla';
import type { StockStatus } from '../../shared/stock.ts';
import type { AttributeType, Selection } from '../../shared/variants.ts';

export interface PickerVariant {
  id: string;
  attributes: Partial<Record<AttributeType, string>>;
  price: { current: number; original: number; onSale: boolean };
  quantity: number;
  stockStatus: StockStatus;
  inStock: boolean;
}

export interface ProductState {
  productId: string;
  selection: Selection;
  variants: PickerVariant[];
}

export function createProductStore(productId: string, variants: PickerVariant[], selection: Selection) {
  const state = proxy<ProductState>({ productId, selection: { ...selection }, variants: variants.map((v) => ({ ...v })) });

  function select(type: AttributeType, value: string): void {
    state.selection = { ...state.selection, [type]: value };
  }

  return { state, select };
}

export type ProductStore = ReturnType<typeof createProductStore>;
