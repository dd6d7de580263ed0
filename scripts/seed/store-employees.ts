// Associates of every store, three each, all with the demo PIN (the README says so). The PIN's hash is
// computed once (PBKDF2-SHA256, 100,000 iterations) and kept here, as the demo accounts' are.

import { createRandom } from './random.ts';
import type { SeedRow } from './tables.ts';

export const DEMO_STORE_PIN = '246810';
const PIN_HASH = 'pbkdf2-sha256$100000$a9e46rU1-98FEsQWnm-tug$wzzl5kj0o-TpZL71rTiDIGo8vWe56zmRDD_D52AHC8w';

const FIRST_NAMES = ['Sam', 'Alex', 'Jordan', 'Noor', 'Mateo', 'Ines', 'Lena', 'Tomás', 'Priya', 'Jonas', 'Chloé', 'Giulia', 'Kai', 'Maren', 'Owen'];
const INITIALS = 'ABCDEFGHJKLMNPRSTVW';

export function storeEmployeeRows(stores: readonly { id: string }[]): SeedRow[] {
  return stores.flatMap((store, storeIndex) => {
    const random = createRandom(`store-employees:${store.id}`);
    const names = random.shuffle(FIRST_NAMES).slice(0, 3);
    return names.map((name, i) => ({
      store_id: store.id,
      // Unique across stores: the store's position, then the associate's.
      employee_id: `E${String(10000 + storeIndex * 10 + i)}`,
      display_name: `${name} ${random.pick([...INITIALS])}.`,
      pin_hash: PIN_HASH,
      active: 1,
    }));
  });
}
