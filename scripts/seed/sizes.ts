// Size runs per size system, and the short code each size adds to its product id to form a variant id.

import type { ProductType } from '../../src/worker/commerce/catalog/product-types.ts';
import type { Audience } from './assortment.ts';
import type { SizeSystem } from './type-info.ts';

export interface SizeOption {
  size: string;
  width: string | null;
  length: string | null;
  /** Appended to the 8-character product id; 1 to 3 characters so variant ids are 9 to 11 long. */
  code: string;
}

export const GIFT_CARD_AMOUNTS = [25, 50, 100, 150, 250] as const;

const APPAREL_CODES: Readonly<Record<string, string>> = { XS: '1', S: '2', M: '3', L: '4', XL: '5', XXL: '6' };

function range(from: number, to: number, step: number): number[] {
  const values: number[] = [];
  for (let value = from; value <= to + 1e-9; value += step) values.push(value);
  return values;
}

function shoeSizes(audience: Audience): string[] {
  if (audience === 'kids') return ['10C', '11C', '12C', '13C', '1Y', '2Y', '3Y', '4Y', '5Y', '6Y', '7Y'];
  // Men's half sizes stop at 12: 12.5 is rarely made, 13 is.
  const numeric = audience === 'men' ? [...range(7, 12, 0.5), 13] : range(5, 11, 0.5);
  return numeric.map(String);
}

function apparelSizes(audience: Audience, type: ProductType): string[] {
  if (type === 'socks' || type === 'belt') return ['S', 'M', 'L', 'XL'];
  return audience === 'kids' ? ['XS', 'S', 'M', 'L', 'XL'] : ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
}

/** Sizes in display order; `wide` adds a W width next to every M. */
export function sizeRun(system: SizeSystem, audience: Audience, type: ProductType, wide: boolean): SizeOption[] {
  switch (system) {
    case 'shoe':
      return shoeSizes(audience).flatMap((size, i): SizeOption[] => {
        const code = String(i + 1).padStart(2, '0');
        if (!wide) return [{ size, width: null, length: null, code }];
        return [
          { size, width: 'M', length: null, code },
          { size, width: 'W', length: null, code: `${code}W` },
        ];
      });
    case 'apparel':
      return apparelSizes(audience, type).map((size) => ({ size, width: null, length: null, code: APPAREL_CODES[size] ?? '0' }));
    case 'bottoms':
      return range(28, 40, 2).flatMap((waist, w) =>
        ['30', '32', '34'].map((length) => ({ size: String(waist), width: null, length, code: `${String.fromCharCode(65 + w)}${length.slice(1)}` })),
      );
    case 'one-size':
      return [{ size: 'ONE SIZE', width: null, length: null, code: '0' }];
    case 'amount':
      return GIFT_CARD_AMOUNTS.map((amount) => ({ size: String(amount), width: null, length: null, code: String(amount).padStart(3, '0') }));
  }
}
