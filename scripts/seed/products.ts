// Colour-level products and their size variants, with ids derived from the style id and UPC codes.

import { palette } from './colours.ts';
import type { Product, Style } from './model.ts';
import { createRandom, type Random, randomCode } from './random.ts';
import { sizeRun } from './sizes.ts';
import { kebab } from './text.ts';

const COLOUR_COUNTS: readonly (readonly [number, number])[] = [
  [1, 10],
  [2, 22],
  [3, 33],
  [4, 22],
  [5, 13],
];

/** UPC-A check digit: odd positions weigh three, even ones one. */
function upcCheckDigit(eleven: string): number {
  let sum = 0;
  for (let i = 0; i < eleven.length; i++) sum += Number(eleven[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** Sequential item numbers under one company prefix, with gaps as discontinued items leave. */
function upcAllocator(random: Random): () => string {
  const companyPrefix = '084327';
  let item = 10000;
  return () => {
    item += random.int(1, 4);
    const eleven = `${companyPrefix}${String(item).padStart(5, '0')}`;
    if (eleven.length !== 11) throw new Error('UPC item numbers exhausted');
    return `${eleven}${upcCheckDigit(eleven)}`;
  };
}

function colourSuffixes(random: Random, count: number): string[] {
  const suffixes = new Set<string>();
  while (suffixes.size < count) suffixes.add(randomCode(random, 2));
  return [...suffixes];
}

/** Fills `style.products` for every style: 1 to 5 colours each, every colour with its full size run. */
export function buildProducts(styles: readonly Style[]): Product[] {
  const nextUpc = upcAllocator(createRandom('upc'));
  const products: Product[] = [];
  for (const style of styles) {
    const random = createRandom(`products:${style.id}`);
    const colours = palette(style.info.palette);
    const count = style.isDigital ? 1 : Math.min(colours.length, random.weighted(COLOUR_COUNTS));
    const suffixes = style.isDigital ? ['01'] : colourSuffixes(random, count);
    const sizes = sizeRun(style.info.sizeSystem, style.audience ?? 'men', style.type, style.wide);
    random
      .shuffle(colours)
      .slice(0, count)
      .forEach((colour, i) => {
        const id = `${style.id}${suffixes[i]}`;
        const product: Product = {
          id,
          style,
          // The gift card has a single "colour"; naming it in the URL would only add noise.
          slug: kebab(style.isDigital ? style.name.en : `${style.name.en} ${colour.name}`),
          colour,
          position: i + 1,
          variants: sizes.map((option, v) => ({
            id: `${id}${option.code}`,
            upc: nextUpc(),
            size: option.size,
            width: option.width,
            length: option.length,
            position: v + 1,
          })),
        };
        style.products.push(product);
        products.push(product);
      });
  }
  return products;
}
