// In-store associates (account-content §3, §4; commerce-core §4): a store device registered to the store
// (stores/devices.ts) connects an associate with their employee number and PIN, and the session then
// carries the buy-in-store fields. The
// associate is connected only when both the store and the employee are set.

import type { BuyInStore } from '../../../shared/api/session.ts';
import { DEVICE_ENROL_ATTEMPTS } from '../../../shared/commerce/commerce-config.ts';
import { attemptCounter } from '../../counters/attempts.ts';
import { HttpError } from '../../lib/http-error.ts';
import { enrolDevice, markSeen, requireDeviceOf, type StoreDevice } from '../stores/devices.ts';
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

/**
 * Checks an associate's PIN under the same lockout as a password, on a device registered to their store
 * (STR403 elsewhere, before any PIN is tried); answers the buy-in-store fields.
 */
export async function connectAssociate(
  deps: SignInDeps,
  device: StoreDevice | null,
  input: { storeId: string; employeeId: string; pin: string },
): Promise<BuyInStore> {
  const registered = requireDeviceOf(device, input.storeId);
  const attempt = await limitAddress(deps, 'signin');
  const associate = await withLockout(
    deps,
    `associate:${input.storeId}:${input.employeeId}`,
    async () => {
      const row = await deps.db
        .prepare(
          `SELECT e.employee_id, e.display_name, e.pin_hash, s.id AS store_id, s.name AS store_name FROM store_employees e
         JOIN stores s ON s.id = e.store_id WHERE e.store_id = ?1 AND e.employee_id = ?2 AND e.active = 1`,
        )
        .bind(input.storeId, input.employeeId)
        .first<{ employee_id: string; display_name: string; pin_hash: string; store_id: string; store_name: string }>();
      // An unknown associate costs the same time as a wrong PIN.
      return (await verifyPassword(input.pin, row?.pin_hash ?? null)) && row ? row : null;
    },
    'AUT438',
  );
  await Promise.all([attempt.forgive(), markSeen(deps.db, registered.id)]);
  return { storeId: associate.store_id, storeName: associate.store_name, storeEmployeeId: associate.employee_id, storeEmployeeName: associate.display_name };
}

/** §4: connected only when both ids are set. */
export function isConnected(buyInStore: BuyInStore | undefined): buyInStore is BuyInStore {
  return Boolean(buyInStore?.storeId && buyInStore.storeEmployeeId);
}

/** A store device enrols with an operator's code; an address that keeps trying codes is refused a while (API429). */
export async function enrolStoreDevice(deps: SignInDeps & { correlationId: string }, code: string) {
  const attempts = attemptCounter(deps.counters, `device-enrol:${deps.address}`);
  const tried = await attempts.count(DEVICE_ENROL_ATTEMPTS.windowSeconds);
  if (tried.count > DEVICE_ENROL_ATTEMPTS.refuseAfter)
    throw new HttpError('API429', 'Too many device codes from this address. Please wait a while and try again.');
  const enrolled = await enrolDevice(deps.db, code, { address: deps.address, correlationId: deps.correlationId });
  await attempts.forgive();
  return enrolled;
}
