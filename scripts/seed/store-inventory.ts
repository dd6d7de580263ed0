// Store stock: each store carries 20 to 40 styles in one or two colours, every size of those colours.

import { isComingSoon, type Style } from './model.ts';
import { createRandom } from './random.ts';
import type { StoreSeed } from './stores.ts';
import type { SeedRow } from './tables.ts';

export function buildStoreInventory(stores: readonly StoreSeed[], styles: readonly Style[]): SeedRow[] {
  const stocked = styles.filter((s) => !s.isDigital && !isComingSoon(s));
  // Reservation-only styles exist to be reserved in store, so most stores carry them.
  const reserveOnly = stocked.filter((s) => s.isRobisOnly);
  const regular = stocked.filter((s) => !s.isRobisOnly);
  return stores.flatMap((store) => {
    const random = createRandom(`store-stock:${store.id}`);
    const count = random.int(20, 40);
    const carried = reserveOnly.filter(() => random.chance(0.6));
    carried.push(...random.shuffle(regular).slice(0, count - carried.length));
    return carried.flatMap((style) => {
      const colours = random.shuffle(style.products).slice(0, random.chance(0.35) ? 2 : 1);
      return colours.flatMap((product) =>
        product.variants.map((variant) => ({ store_id: store.id, variant_id: variant.id, quantity: random.chance(0.15) ? 0 : random.int(1, 8) })),
      );
    });
  });
}
