// Variant resolution (commerce-core §4): a variant is resolved only once every non-colour attribute is chosen.

import type { StockStatus } from './stock.ts';

export type AttributeType = 'color' | 'size' | 'width' | 'length';

export interface AttributeOption {
  value: string;
  label: string;
}

export interface ProductAttribute {
  type: AttributeType;
  options: AttributeOption[];
}

export interface VariantLike {
  id: string;
  attributes: Partial<Record<AttributeType, string>>;
  inStock: boolean;
}

export type Selection = Partial<Record<AttributeType, string>>;

/** A variant as pages, the API and the picker island see it: its choice, price and stock. */
export interface VariantView extends VariantLike {
  price: { current: number; original: number; onSale: boolean };
  quantity: number;
  stockStatus: StockStatus;
}

/** Fills in attributes that have a single option, so "one size" products resolve without a choice. */
export function completeSelection(attributes: readonly ProductAttribute[], selection: Selection): Selection {
  const complete: Selection = { ...selection };
  for (const attribute of attributes) {
    const only = attribute.options.length === 1 ? attribute.options[0] : undefined;
    if (attribute.type !== 'color' && only && complete[attribute.type] === undefined) complete[attribute.type] = only.value;
  }
  return complete;
}

function matches(variant: VariantLike, selection: Selection, ignore?: AttributeType): boolean {
  for (const [type, value] of Object.entries(selection) as [AttributeType, string | undefined][]) {
    if (type === ignore || type === 'color' || value === undefined) continue;
    if (variant.attributes[type] !== value) return false;
  }
  return true;
}

export function resolveVariant<V extends VariantLike>(attributes: readonly ProductAttribute[], variants: readonly V[], selection: Selection): V | undefined {
  const complete = completeSelection(attributes, selection);
  const required = attributes.filter((a) => a.type !== 'color');
  if (required.some((a) => complete[a.type] === undefined)) return undefined;
  return variants.find((v) => matches(v, complete));
}

/**
 * Whether choosing `value` for `type` could still lead to an in-stock variant, given the
 * shopper's other choices. Drives the crossed-out state of size and width buttons.
 */
export function isOptionAvailable(variants: readonly VariantLike[], selection: Selection, type: AttributeType, value: string): boolean {
  return variants.some((v) => v.inStock && v.attributes[type] === value && matches(v, selection, type));
}
