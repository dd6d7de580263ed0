// The account's address book over HTTP (the account issue, §1 Addresses; account-content §4): what the API
// answers for an add, a change and a removal, each refusal's status and code, and the addresses page with
// plain forms.

import { describe, expect, it } from 'vitest';
import { US_ADDRESS } from './checkout-helpers.ts';
import { Jar, signedInJar } from './jar.ts';

type Json = Record<string, any>;

const PATH = '/api/consumers-v3/consumer/address';
const SECOND = { ...US_ADDRESS, addressLine1: '400 Oak Avenue', city: 'Eugene', postalCode: '97401' };
const mains = (addresses: Json[], type: string) => addresses.filter((a) => a.approachType === type && a.main).map((a) => a.addressLine1);

// The rules behind these answers (the main flag, duplicates, the limit, two adds at once) are tested on
// the service in address-book-rules.test.ts; here, what the API answers.
describe('the address book calls', () => {
  it('answer an add 201 with the saved address, a change with it, a removal with the book', async () => {
    const jar = await signedInJar('will.wranx@cairn.test', '198.19.14.1');
    const first = await jar.api('POST', PATH, { ...US_ADDRESS, approachType: 'S' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ addressId: expect.any(String), approachType: 'S', main: true, addressLine1: '12 Pine Street' });
    const second = await jar.api('POST', PATH, { ...SECOND, approachType: 'S' });
    const made = await jar.api('PUT', `${PATH}/${second.body.addressId}`, { main: true });
    expect([made.status, made.body.main, made.body.addressLine1]).toEqual([200, true, '400 Oak Avenue']);
    expect(mains((await jar.api('GET', PATH)).body.addresses, 'S')).toEqual(['400 Oak Avenue']);
    const removed = await jar.api('DELETE', `${PATH}/${second.body.addressId}`);
    expect(removed.status).toBe(200);
    expect(mains(removed.body.addresses, 'S')).toEqual(['12 Pine Street']);
  });

  it('answer each refusal with its status, code and field', async () => {
    const jar = await signedInJar('ian.ipa@cairn.test', '198.19.14.2');
    await jar.api('POST', PATH, { ...US_ADDRESS, approachType: 'S' });
    const again = await jar.api('POST', PATH, { ...US_ADDRESS, approachType: 'S' });
    expect([again.status, again.body.errorId, again.body.details[0].field]).toEqual([409, 'CCA400', 'addressLine1']);
    const bad = await jar.api('POST', PATH, { ...US_ADDRESS, postalCode: 'ABCDE', approachType: 'S' });
    expect([bad.status, bad.body.errorId, bad.body.details[0].field]).toEqual([400, 'CHK320', 'postalCode']);
    expect((await jar.api('POST', PATH, { ...US_ADDRESS, addressLine1: 'PO Box 12', approachType: 'S' })).body.errorId).toBe('SHP500');
    expect((await jar.api('POST', PATH, { ...US_ADDRESS, approachType: 'X' })).body.errorId).toBe('API400');
    const other = await signedInJar('ana@cairn.test', '198.19.14.4');
    const owned = (await jar.api('GET', PATH)).body.addresses[0] as Json;
    for (const [method, body] of [
      ['PUT', { main: true }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await other.api(method, `${PATH}/${owned.addressId}`, body);
      expect([refused.status, refused.body.errorId]).toEqual([404, 'CCA401']);
    }
    const guest = new Jar();
    expect((await guest.api('GET', PATH)).body.errorId).toBe('AUT401');
    expect((await guest.api('POST', PATH, { ...US_ADDRESS })).status).toBe(401);
  });
});

describe('the profile’s addresses', () => {
  it('are the address book, each with its id, type, main flag, phone, dial code and recipient’s phone', async () => {
    const jar = await signedInJar('leo.loyalty@cairn.test', '198.19.14.6');
    const delivery = await jar.api('POST', PATH, { ...US_ADDRESS, recipientContactPhone: '5415550188', approachType: 'S' });
    expect(delivery.body).toMatchObject({ phoneCode: '+1', recipientContactPhone: '5415550188' });
    const billing = await jar.api('POST', PATH, { ...SECOND, phone: '', phoneCode: '', approachType: 'B' });
    const profile = await jar.api('GET', '/api/consumers-v3/consumer');
    expect(profile.body.consumerProfile.consumerDetails.addresses).toEqual([
      expect.objectContaining({
        id: delivery.body.addressId,
        approachType: 'S',
        main: true,
        phone: US_ADDRESS.phone,
        phoneCode: '+1',
        recipientContactPhone: '5415550188',
      }),
      expect.objectContaining({ id: billing.body.addressId, approachType: 'B', main: true, phone: '', phoneCode: '' }),
    ]);
  });

  it('refuse a dial code of another country and a recipient’s phone the country does not have, at their fields', async () => {
    const jar = await signedInJar('eve.employee@cairn.test', '198.19.14.7');
    const wrongCode = await jar.api('POST', PATH, { ...US_ADDRESS, phoneCode: '+44', approachType: 'S' });
    expect([wrongCode.status, wrongCode.body.details]).toEqual([400, [{ field: 'phoneCode', message: 'The phone code must be the address country’s.' }]]);
    expect((await jar.api('POST', PATH, { ...US_ADDRESS, phoneCode: '1', approachType: 'S' })).status).toBe(201);
    const recipient = await jar.api('POST', PATH, { ...SECOND, recipientContactPhone: '12345', approachType: 'S' });
    expect([recipient.status, recipient.body.details[0].field]).toEqual([400, 'recipientContactPhone']);
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
