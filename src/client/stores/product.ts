// Product page store: the shopper's size/width/length choice and live inventory for one colour.

import { proxy } from 'valtio/vanilla';
import type { StockStatus } from '../../shared/stock.ts';
import type { AttributeType, Selection } from '../../shared/variants.ts';
import { api } from '../api.ts';

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

  /** Takes the server's inventory as the truth; a failed call keeps what the page was rendered with. */
  async function refreshInventory(): Promise<void> {
    const response = await api.products.v2.products[':productId'].inventory.$get({ param: { productId: state.productId } });
    if (!response.ok) return;
    const body = await response.json();
    for (const variant of state.variants) {
      const fresh = body.variants[variant.id];
      if (!fresh) continue;
      variant.quantity = fresh.quantity;
      variant.stockStatus = fresh.stockStatus;
      variant.inStock = fresh.stockStatus !== 'OUT_OF_STOCK';
    }
  }

  return { state, select, refreshInventory };
}

export type ProductStore = ReturnType<typeof createProductStore>;
