// The account's address book (the account issue, §1 Addresses; account-content §4): delivery and billing
// addresses under the country's rules, the main flag's rules, CCA400 and CCA401, another shopper's address
// as unknown, a guest refused, and every change in the audit log with its actor.

import { describe, expect, it } from 'vitest';
import { US_ADDRESS } from './checkout-helpers.ts';
import { one } from './helpers.ts';
import { Jar, signedInJar } from './jar.ts';

type Json = Record<string, any>;

const PATH = '/api/consumers-v3/consumer/address';
const SECOND = { ...US_ADDRESS, addressLine1: '400 Oak Avenue', city: 'Eugene', postalCode: '97401' };
const mains = (addresses: Json[], type: string) => addresses.filter((a) => a.approachType === type && a.main).map((a) => a.addressLine1);

describe('the address book', () => {
  it('makes the first of each type main, moves the flag when asked, and hands it on when the main one goes', async () => {
    const jar = await signedInJar('will.wranx@cairn.test', '198.19.14.1');
    const first = await jar.api('POST', PATH, { ...US_ADDRESS, approachType: 'S' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ addressId: expect.any(String), approachType: 'S', main: true, addressLine1: '12 Pine Street' });
    const second = await jar.api('POST', PATH, { ...SECOND, approachType: 'S' });
    expect(second.body.main).toBe(false);
    const billing = await jar.api('POST', PATH, { ...SECOND, approachType: 'B' });
    expect(billing.body.main).toBe(true);
    let list = (await jar.api('GET', PATH)).body.addresses as Json[];
    expect(mains(list, 'S')).toEqual(['12 Pine Street']);
    expect(mains(list, 'B')).toEqual(['400 Oak Avenue']);

    const made = await jar.api('PUT', `${PATH}/${second.body.addressId}`, { main: true });
    expect(made.body).toMatchObject({ main: true, addressLine1: '400 Oak Avenue' });
    list = (await jar.api('GET', PATH)).body.addresses;
    expect(mains(list, 'S')).toEqual(['400 Oak Avenue']);
    expect(mains(list, 'B')).toEqual(['400 Oak Avenue']);

    const removed = await jar.api('DELETE', `${PATH}/${second.body.addressId}`);
    expect(removed.status).toBe(200);
    expect(mains(removed.body.addresses, 'S')).toEqual(['12 Pine Street']);
    // The checkout's express path reads the main delivery address.
    const saved = await one<{ n: number }>(
      "SELECT COUNT(*) AS n FROM audit_log WHERE subject = 'consumer:C1000000005' AND actor = 'consumer:C1000000005' AND action LIKE 'address.%'",
    );
    expect(saved.n).toBe(5);
  });

  it('edits an address under its country’s rules, and refuses the same address twice (CCA400)', async () => {
    const jar = await signedInJar('ian.ipa@cairn.test', '198.19.14.2');
    const added = await jar.api('POST', PATH, { ...US_ADDRESS, approachType: 'S' });
    const edited = await jar.api('PUT', `${PATH}/${added.body.addressId}`, { ...US_ADDRESS, city: 'beaverton', postalCode: '97005' });
    expect(edited.body).toMatchObject({ city: 'Beaverton', postalCode: '97005', main: true });
    const again = await jar.api('POST', PATH, { ...US_ADDRESS, city: 'Beaverton', postalCode: '97005', approachType: 'S' });
    expect([again.status, again.body.errorId, again.body.details[0].field]).toEqual([409, 'CCA400', 'addressLine1']);
    // As a billing address it is another entry.
    expect((await jar.api('POST', PATH, { ...US_ADDRESS, city: 'Beaverton', postalCode: '97005', approachType: 'B' })).status).toBe(201);
    const bad = await jar.api('POST', PATH, { ...US_ADDRESS, postalCode: 'ABCDE', approachType: 'S' });
    expect([bad.status, bad.body.errorId, bad.body.details[0].field]).toEqual([400, 'CHK320', 'postalCode']);
    const poBox = await jar.api('POST', PATH, { ...US_ADDRESS, addressLine1: 'PO Box 12', approachType: 'S' });
    expect(poBox.body.errorId).toBe('SHP500');
    const type = await jar.api('POST', PATH, { ...US_ADDRESS, approachType: 'X' });
    expect(type.body.errorId).toBe('API400');
  });

  it("answers another shopper's address as unknown (CCA401), and a guest with AUT401", async () => {
    const owner = await signedInJar('eve.employee@cairn.test', '198.19.14.3');
    const added = await owner.api('POST', PATH, { ...US_ADDRESS, approachType: 'S' });
    const other = await signedInJar('ana@cairn.test', '198.19.14.4');
    for (const [method, body] of [
      ['PUT', { main: true }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await other.api(method, `${PATH}/${added.body.addressId}`, body);
      expect([refused.status, refused.body.errorId]).toEqual([404, 'CCA401']);
    }
    expect((await other.api('GET', PATH)).body.addresses.map((a: Json) => a.addressId)).not.toContain(added.body.addressId);
    const unknown = await owner.api('DELETE', `${PATH}/${crypto.randomUUID()}`);
    expect(unknown.body.errorId).toBe('CCA401');
    const guest = new Jar();
    expect((await guest.api('GET', PATH)).body.errorId).toBe('AUT401');
    expect((await guest.api('POST', PATH, { ...US_ADDRESS })).status).toBe(401);
  });
});

describe('two changes at once', () => {
  it('make exactly one of two first billing addresses main', async () => {
    const jar = await signedInJar('leo.loyalty@cairn.test', '198.19.14.6');
    const [a, b] = await Promise.all([
      jar.api('POST', PATH, { ...US_ADDRESS, addressLine1: '1 First Street', approachType: 'B' }),
      jar.api('POST', PATH, { ...US_ADDRESS, addressLine1: '2 Second Street', approachType: 'B' }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect([a.body.main, b.body.main].filter(Boolean)).toHaveLength(1);
    expect(mains((await jar.api('GET', PATH)).body.addresses, 'B')).toHaveLength(1);
  });
});

describe('the addresses page', () => {
  it('lists the book, adds, edits, makes main and deletes with plain forms, and says a refusal at its field', async () => {
    const jar = await signedInJar('ada.athlete@cairn.test', '198.19.14.5');
    let { response, html } = await jar.get('/en-us/account/addresses');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain('<a href="/en-us/account/addresses" aria-current="page">Addresses</a>');
    const form = {
      firstName: 'Ada',
      lastName: 'Crest',
      addressLine1: '9 Ridge Road',
      city: 'Bend',
      postalCode: '97701',
      province: 'OR',
      countryCode: 'US',
      phone: '5415550100',
      approachType: 'S',
    };
    const added = await jar.post('/en-us/account/addresses', form);
    expect([added.status, added.headers.get('location')]).toEqual([303, '/en-us/account/addresses?notice=saved']);
    const refused = await jar.post('/en-us/account/addresses', { ...form, addressLine1: '10 Ridge Road', postalCode: 'nope' });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain('Postal code is not valid');
    expect(refusedHtml).toContain('value="10 Ridge Road"');
    expect((await jar.post('/en-us/account/addresses', { ...form, addressLine1: '10 Ridge Road' })).status).toBe(303);
    ({ html } = await jar.get('/en-us/account/addresses?notice=saved'));
    expect(html).toContain('Your address book is saved.');
    expect(html).toMatch(/<span class="address-book__main">Main<\/span><strong>Ada(<!-- -->)? (<!-- -->)?Crest<\/strong><br\/>9 Ridge Road/);
    const ids = [...html.matchAll(/action="\/en-us\/account\/addresses\/([0-9a-f-]{36})\/main"/g)].map((m) => m[1] as string);
    expect(ids).toHaveLength(1);
    expect((await jar.post(`/en-us/account/addresses/${ids[0]}/main`, {})).status).toBe(303);
    const list = (await jar.api('GET', PATH)).body.addresses as Json[];
    expect(mains(list, 'S')).toEqual(['10 Ridge Road']);
    const other = list.find((a) => a.addressLine1 === '9 Ridge Road') as Json;
    expect((await jar.post(`/en-us/account/addresses/${other.addressId}`, { ...form, city: 'Sisters', postalCode: '97759' })).status).toBe(303);
    expect((await jar.api('GET', PATH)).body.addresses.find((a: Json) => a.addressId === other.addressId).city).toBe('Sisters');
    expect((await jar.post(`/en-us/account/addresses/${other.addressId}/delete`, {})).headers.get('location')).toBe('/en-us/account/addresses?notice=deleted');
    expect((await jar.get('/en-us/account/addresses?notice=deleted')).html).toContain('The address is deleted.');
    // Someone else's id: the page says so, nothing changes.
    const foreign = await jar.post(`/en-us/account/addresses/${crypto.randomUUID()}/delete`, {});
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toContain('This address is not in your address book.');
  });

  it('sends a guest to sign in', async () => {
    const guest = new Jar();
    const { response } = await guest.get('/en-us/account/addresses');
    expect([response.status, response.headers.get('location')]).toEqual([303, '/en-us/account']);
  });
});
