// Cairn's size charts (the store services issue, §4): shoe sizes in US, UK, EU and foot length in
// centimetres for men, women and kids; apparel by chest and waist; bottoms by waist and inside leg. One table
// for the API, the product page's size guide and the foot sizes component.

export type Audience = 'men' | 'women' | 'kids';
export type SizeSystem = 'shoe' | 'apparel' | 'bottoms' | 'one-size';

export interface ShoeRow {
  us: string;
  uk: string;
  eu: string;
  cm: string;
}

const half = (n: number) => (Math.round(n * 2) / 2).toString();
const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

function range(from: number, to: number, step: number): number[] {
  const values: number[] = [];
  for (let value = from; value <= to + 1e-9; value += step) values.push(value);
  return values;
}

/** Each full US size is about 8.5 mm of foot; the starting lengths are Cairn's lasts. */
export function shoeChart(audience: Audience): ShoeRow[] {
  if (audience === 'kids') {
    const labels = ['10C', '11C', '12C', '13C', '1Y', '2Y', '3Y', '4Y', '5Y', '6Y', '7Y'];
    const uk = ['9.5', '10.5', '11.5', '12.5', '13.5', '1.5', '2.5', '3.5', '4.5', '5.5', '6.5'];
    return labels.map((us, i) => ({ us, uk: uk[i] ?? '', eu: half(27 + i * 1.2), cm: oneDecimal(16.5 + i * 0.85) }));
  }
  const sizes = audience === 'men' ? [...range(7, 12, 0.5), 13] : range(5, 11, 0.5);
  return sizes.map((us) => ({
    us: String(us),
    uk: half(audience === 'men' ? us - 1 : us - 2),
    eu: half(audience === 'men' ? us + 33 : us + 31),
    cm: oneDecimal(audience === 'men' ? 19.05 + 0.847 * us : 18.0 + 0.847 * us),
  }));
}

export interface BodyRow {
  size: string;
  /** Ranges in centimetres. */
  chest: string;
  waist: string;
}

const APPAREL = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

export function apparelChart(audience: Audience): BodyRow[] {
  const [chest, waist, step] = audience === 'women' ? [78, 62, 5] : audience === 'kids' ? [60, 54, 4] : [86, 71, 5];
  return APPAREL.slice(0, audience === 'kids' ? 5 : 6).map((size, i) => ({
    size,
    chest: `${chest + i * step}–${chest + (i + 1) * step}`,
    waist: `${waist + i * step}–${waist + (i + 1) * step}`,
  }));
}

export interface BottomsRow {
  waist: string;
  waistCm: string;
}

export function bottomsChart(): { waists: BottomsRow[]; insideLeg: { length: string; cm: string }[] } {
  return {
    waists: range(28, 40, 2).map((inches) => ({ waist: String(inches), waistCm: String(Math.round(inches * 2.54)) })),
    insideLeg: ['30', '32', '34'].map((length) => ({ length, cm: String(Math.round(Number(length) * 2.54)) })),
  };
}

/** Whose sizes a shoe's size run is: kids' end in C or Y, women's start at 5. */
export function shoeAudience(sizes: readonly string[]): Audience {
  if (sizes.some((size) => /[CY]$/.test(size))) return 'kids';
  return sizes.includes('5') || sizes.includes('5.5') ? 'women' : 'men';
}
