// Online stock per variant: mostly in stock, some low, some sold out, and a few colours sold out entirely.

import { isComingSoon, type Product, type Style } from './model.ts';
import { createRandom, type Random } from './random.ts';
import type { SeedRow } from './tables.ts';

const SOLD_OUT_COLOURS = 15;

/** Sold-out colours sit on notify-me styles where possible, so the notify-me button has something to do. */
function pickSoldOut(styles: readonly Style[], random: Random): Set<Product> {
  const released = styles.filter((s) => !s.isDigital && !s.isPresale && !s.isRobisOnly && !isComingSoon(s));
  const preferred = random.shuffle(released.filter((s) => s.notifyMe).flatMap((s) => s.products));
  const others = random.shuffle(released.filter((s) => !s.notifyMe).flatMap((s) => s.products));
  return new Set([...preferred, ...others].slice(0, SOLD_OUT_COLOURS));
}

function quantity(style: Style, random: Random): number {
  if (style.isPresale || isComingSoon(style)) return random.int(0, 20);
  const roll = random.next();
  if (roll < 0.08) return 0;
  if (roll < 0.18) return random.int(1, 3);
  return random.int(4, 60);
}

export function buildInventory(styles: readonly Style[]): SeedRow[] {
  const soldOut = pickSoldOut(styles, createRandom('sold-out'));
  return styles.flatMap((style) =>
    style.products.flatMap((product) => {
      const random = createRandom(`inventory:${product.id}`);
      // Digital goods are always available, whatever the count says.
      const quantities = product.variants.map((): number => (style.isDigital || soldOut.has(product) ? 0 : quantity(style, random)));
      // Only the chosen colours may be sold out in every size; the rest keep at least one size.
      if (!style.isDigital && !soldOut.has(product) && !quantities.some((q) => q > 0)) quantities[0] = random.int(4, 12);
      return product.variants.map((variant, i) => ({ variant_id: variant.id, quantity: quantities[i] ?? 0 }));
    }),
  );
}
