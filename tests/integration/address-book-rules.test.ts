// The address book's rules as the account service keeps them (account-content §4), called without HTTP
// against the real D1: the first address of each type is main, the flag moves when asked and passes on when
// the main one goes, the same address twice is refused (CCA400) under the country's rules, another shopper's
// address is unknown (CCA401), the book holds a limited number, and two first addresses added at once make
// one main. What the API and the page answer for each is address-book.test.ts.

import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '../../src/shared/locale/sites.ts';
import { ADDRESS_BOOK_MAX, addAddress, deleteAddress, listAddresses, updateAddress } from '../../src/worker/commerce/account/address-book.ts';
import { US_ADDRESS } from './checkout-helpers.ts';
import { consumerNoOf, one } from './helpers.ts';
import { serviceDeps } from './service-deps.ts';

const deps = serviceDeps('address-book-rules');
const SECOND = { ...US_ADDRESS, addressLine1: '400 Oak Avenue', city: 'Eugene', postalCode: '97401' };

const shopperOf = async (email: string) => ({ consumerNo: await consumerNoOf(email) });
const mains = async (consumerNo: string, type: 'S' | 'B') =>
  (await listAddresses(deps.env.DB, consumerNo)).filter((a) => a.approachType === type && a.main).map((a) => a.addressLine1);
/** The code a call is refused with, and the field it names. */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'taken',
    (error: { code?: string; details?: { field: string }[] }) => [error.code, error.details?.[0]?.field ?? null],
  );

describe('the address book', () => {
  it('makes the first of each type main, moves the flag when asked, and passes it on when the main one goes, audited', async () => {
    const will = await shopperOf('will.wranx@cairn.test');
    const first = await addAddress(deps, DEFAULT_LOCALE, will, { ...US_ADDRESS, approachType: 'S' });
    const second = await addAddress(deps, DEFAULT_LOCALE, will, { ...SECOND, approachType: 'S' });
    const billing = await addAddress(deps, DEFAULT_LOCALE, will, { ...SECOND, approachType: 'B' });
    expect([first.main, second.main, billing.main]).toEqual([true, false, true]);

    await updateAddress(deps, DEFAULT_LOCALE, will, second.addressId, { main: true });
    expect([await mains(will.consumerNo, 'S'), await mains(will.consumerNo, 'B')]).toEqual([['400 Oak Avenue'], ['400 Oak Avenue']]);
    await deleteAddress(deps, will, second.addressId);
    expect(await mains(will.consumerNo, 'S')).toEqual(['12 Pine Street']);
    // Taking the flag off the only one of its type leaves it main: there must be one.
    expect((await updateAddress(deps, DEFAULT_LOCALE, will, billing.addressId, { main: false })).main).toBe(true);
    const audited = await one<{ n: number }>("SELECT COUNT(*) AS n FROM audit_log WHERE actor = ?1 AND action LIKE 'address.%'", `consumer:${will.consumerNo}`);
    expect(audited.n).toBe(6);
  });

  it('refuses the same address twice for a type, under the country’s rules, and takes it as the other type', async () => {
    const ian = await shopperOf('ian.ipa@cairn.test');
    const added = await addAddress(deps, DEFAULT_LOCALE, ian, { ...US_ADDRESS, approachType: 'S' });
    const edited = await updateAddress(deps, DEFAULT_LOCALE, ian, added.addressId, { ...US_ADDRESS, city: 'beaverton', postalCode: '97005' });
    expect(edited).toMatchObject({ city: 'Beaverton', postalCode: '97005', main: true });
    const same = { ...US_ADDRESS, city: 'Beaverton', postalCode: '97005' };
    expect(await refusal(addAddress(deps, DEFAULT_LOCALE, ian, { ...same, approachType: 'S' }))).toEqual(['CCA400', 'addressLine1']);
    expect(await refusal(addAddress(deps, DEFAULT_LOCALE, ian, { ...same, approachType: 'B' }))).toBe('taken');
    expect(await refusal(addAddress(deps, DEFAULT_LOCALE, ian, { ...US_ADDRESS, postalCode: 'ABCDE', approachType: 'S' }))).toEqual(['CHK320', 'postalCode']);
    expect((await refusal(addAddress(deps, DEFAULT_LOCALE, ian, { ...US_ADDRESS, addressLine1: 'PO Box 12', approachType: 'S' })))[0]).toBe('SHP500');
  });

  it('answers another shopper’s address and an unknown one alike, and changes neither', async () => {
    const eve = await shopperOf('eve.employee@cairn.test');
    const ana = await shopperOf('ana@cairn.test');
    const owned = await addAddress(deps, DEFAULT_LOCALE, eve, { ...US_ADDRESS, approachType: 'S' });
    expect(await refusal(updateAddress(deps, DEFAULT_LOCALE, ana, owned.addressId, { main: true }))).toEqual(['CCA401', null]);
    expect(await refusal(deleteAddress(deps, ana, owned.addressId))).toEqual(['CCA401', null]);
    expect(await refusal(deleteAddress(deps, eve, crypto.randomUUID()))).toEqual(['CCA401', null]);
    expect((await listAddresses(deps.env.DB, eve.consumerNo)).map((a) => a.addressId)).toContain(owned.addressId);
  });

  it(`holds ${ADDRESS_BOOK_MAX} addresses`, async () => {
    const ada = await shopperOf('ada.athlete@cairn.test');
    const existing = (await listAddresses(deps.env.DB, ada.consumerNo)).length;
    for (let i = existing; i < ADDRESS_BOOK_MAX; i++)
      await addAddress(deps, DEFAULT_LOCALE, ada, { ...US_ADDRESS, addressLine1: `${i + 1} Elm Street`, approachType: 'S' });
    expect(await refusal(addAddress(deps, DEFAULT_LOCALE, ada, { ...US_ADDRESS, addressLine1: '99 Elm Street', approachType: 'S' }))).toEqual(['API409', null]);
  });

  it('makes exactly one of two first billing addresses added at once main', async () => {
    const leo = await shopperOf('leo.loyalty@cairn.test');
    const added = await Promise.all([
      addAddress(deps, DEFAULT_LOCALE, leo, { ...US_ADDRESS, addressLine1: '1 First Street', approachType: 'B' }),
      addAddress(deps, DEFAULT_LOCALE, leo, { ...US_ADDRESS, addressLine1: '2 Second Street', approachType: 'B' }),
    ]);
    expect(added.filter((address) => address.main)).toHaveLength(1);
    expect(await mains(leo.consumerNo, 'B')).toHaveLength(1);
  });
});
