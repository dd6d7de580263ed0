// A product's attributes with their options as commerce-core §3 describes them (value, label, available, price,
// swatch), seen from one choice of the others: what the quick-shop's picker offers for the product (the same
// product detail, the same rule of what is available, shared/commerce/variants.ts), answered for clients that
// have no picker of their own, such as a cart line's sizes and colours.

import type { AttributeType, Selection } from '../../../shared/commerce/variants.ts';
import { isOptionAvailable } from '../../../shared/commerce/variants.ts';
import type { ProductDetail } from './product.ts';

export interface AttributeOptionView {
  value: string;
  label: string;
  /** Whether choosing it, with the other choices as they are, leads to something in stock. */
  available: boolean;
  /** What it costs now (minor units): the variant it leads to, or the lowest it may lead to; null when it leads to none. */
  price: number | null;
  /** A colour's swatch; null for the other attributes. */
  swatch: string | null;
}

export interface AttributeView {
  type: AttributeType;
  /** The option chosen, and its label; null while none is. */
  value: string | null;
  label: string | null;
  options: AttributeOptionView[];
}

/** The variants `value` of `type` leads to, with the other choices of `selection` kept. */
function leadsTo(product: ProductDetail, selection: Selection, type: AttributeType, value: string) {
  return product.variants.filter(
    (variant) =>
      variant.attributes[type] === value &&
      Object.entries(selection).every(
        ([other, chosen]) => other === type || other === 'color' || chosen === undefined || variant.attributes[other as AttributeType] === chosen,
      ),
  );
}

function optionsOf(product: ProductDetail, selection: Selection, type: AttributeType): AttributeOptionView[] {
  // The colours are the style's other products, each with its own price and swatch.
  if (type === 'color') {
    return product.colours.map((colour) => ({
      value: colour.productId,
      label: colour.name,
      available: colour.available,
      price: colour.price.lowCurrent,
      swatch: colour.hex,
    }));
  }
  return (product.attributes.find((attribute) => attribute.type === type)?.options ?? []).map((option) => {
    const prices = leadsTo(product, selection, type, option.value).map((variant) => variant.price.current);
    return {
      value: option.value,
      label: option.label,
      available: isOptionAvailable(product.variants, selection, type, option.value),
      price: prices.length > 0 ? Math.min(...prices) : null,
      swatch: null,
    };
  });
}

export function attributeOptions(product: ProductDetail, selection: Selection): AttributeView[] {
  return product.attributes.map(({ type }) => {
    const options = optionsOf(product, selection, type);
    const chosen = options.find((option) => option.value === selection[type]);
    return { type, value: chosen?.value ?? null, label: chosen?.label ?? null, options };
  });
}
