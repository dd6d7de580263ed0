// In-store associates (account-content §3, §4; commerce-core §4): a store device connects an associate
// with their employee number and PIN, and the session then carries the buy-in-store fields. The
// associate is connected only when both the store and the employee are set.

import type { BuyInStore } from '../../../shared/session.ts';
import { HttpError } from '../../lib/http-error.ts';
import { verifyPassword } from './passwords.ts';
import { limitAddress, type SignInDeps, withLockout } from './sign-in.ts';

export interface StoreStaff {
  store: { id: string; name: string; city: string };
  employees: { employeeId: string; name: string }[];
}

export async function storeStaff(db: D1Database, storeId: string): Promise<StoreStaff> {
  const [store, employees] = await db.batch([
    db.prepare('SELECT id, name, city FROM stores WHERE id = ?1').bind(storeId),
    db.prepare('SELECT employee_id, display_name FROM store_employees WHERE store_id = ?1 AND active = 1 ORDER BY display_name').bind(storeId),
  ]);
  const row = store?.results[0] as { id: string; name: string; city: string } | undefined;
  if (!row) throw new HttpError('STR404');
  return {
    store: row,
    employees: ((employees?.results ?? []) as { employee_id: string; display_name: string }[]).map((e) => ({
      employeeId: e.employee_id,
      name: e.display_name,
    })),
  };
}

/** Checks an associate's PIN under the same lockout as a password; answers the buy-in-store fields. */
export async function connectAssociate(deps: SignInDeps, input: { storeId: string; employeeId: string; pin: string }): Promise<BuyInStore> {
  await limitAddress(deps, 'signin');
  const associate = await withLockout(deps, `associate:${input.storeId}:${input.employeeId}`, async () => {
    const row = await deps.db
      .prepare(
        `SELECT e.employee_id, e.display_name, e.pin_hash, s.id AS store_id, s.name AS store_name FROM store_employees e
         JOIN stores s ON s.id = e.store_id WHERE e.store_id = ?1 AND e.employee_id = ?2 AND e.active = 1`,
      )
      .bind(input.storeId, input.employeeId)
      .first<{ employee_id: string; display_name: string; pin_hash: string; store_id: string; store_name: string }>();
    // An unknown associate costs the same time as a wrong PIN.
    return (await verifyPassword(input.pin, row?.pin_hash ?? null)) && row ? row : null;
  });
  return { storeId: associate.store_id, storeName: associate.store_name, storeEmployeeId: associate.employee_id, storeEmployeeName: associate.display_name };
}

/** §4: connected only when both ids are set. */
export function isConnected(buyInStore: BuyInStore | undefined): buyInStore is BuyInStore {
  return Boolean(buyInStore?.storeId && buyInStore.storeEmployeeId);
}
