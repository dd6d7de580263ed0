// Orders size labels the way shoppers expect: XS before S, 7 before 7.5 before 10, kids 10C before 1Y.

const APPAREL_ORDER = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];

function rank(size: string): [number, number] {
  const apparel = APPAREL_ORDER.indexOf(size);
  if (apparel >= 0) return [1, apparel];
  const kids = /^(\d+(?:\.\d)?)([CY])$/.exec(size);
  if (kids) return [kids[2] === 'C' ? 2 : 3, Number(kids[1])];
  const numeric = Number(size);
  if (Number.isFinite(numeric)) return [0, numeric];
  return [4, 0];
}

export function compareSizes(a: string, b: string): number {
  const [groupA, valueA] = rank(a);
  const [groupB, valueB] = rank(b);
  return groupA - groupB || valueA - valueB || a.localeCompare(b);
}
