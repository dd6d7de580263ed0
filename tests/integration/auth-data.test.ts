// The token call's auth data (commerce-core §3): favorites carry favoriteId and favStoreId, the shopper's
// favourite store. A guest's comes from their store cookie, a signed-in shopper's from the account; a
// cookie someone wrote by hand never names a store that is not one, nor overrides the account's.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { getJson } from './helpers.ts';
import { JSON_POST, signedIn } from './identity.ts';
import { Jar } from './jar.ts';

type Json = Record<string, any>;

const tokenCall = (cookie: string) => getJson<Json>('/api/token/v2/auth/token', { method: 'POST', headers: { ...JSON_POST, cookie }, body: '{}' });

describe('favStoreId in the token answer', () => {
  it('is a guest’s store from their cookie, and null without one', async () => {
    const guest = new Jar();
    expect((await guest.api('POST', '/api/token/v2/auth/token', {})).body.favStoreId).toBeNull();
    await guest.post('/en-us/stores/my-store', { storeId: 'US-0012' });
    const answer = await guest.api('POST', '/api/token/v2/auth/token', {});
    expect(answer.body).toMatchObject({ type: 'guest', favStoreId: 'US-0012' });
  });

  it('never names a store a hand-written cookie invents', async () => {
    for (const forged of ['US-9999|Nowhere', 'ZZ-0001|Cairn', '<b>|x', 'US-0012 OR 1=1|x', "US-0012'--|x"]) {
      const answer = await tokenCall(`cairn_store=${forged}`);
      expect([forged, answer.status, answer.body.favStoreId]).toEqual([forged, 200, null]);
    }
  });

  it('is a signed-in shopper’s account store, whatever the browser’s cookie says', async () => {
    await env.DB.prepare("UPDATE consumers SET fav_store_id = 'US-0007' WHERE email = 'leo.loyalty@cairn.test'").run();
    // This browser's cookie names another store: the exchange answers the account's.
    const session = await signedIn('leo.loyalty@cairn.test', DEMO_PASSWORD, '198.19.61.1', { cookie: 'cairn_store=US-0012|Cairn' });
    expect(session.status).toBe(200);
    expect(session.body.favStoreId).toBe('US-0007');
    // Later token calls with a cookie changed by hand still answer the account's.
    const later = await tokenCall(`${session.cookie.replace(/cairn_store=[^;]*/, '')}; cairn_store=US-0012|Cairn`);
    expect(later.body).toMatchObject({ type: 'registered', favStoreId: 'US-0007' });
  });

  it('is the guest’s choice once the account takes it at sign-in, and null for an account without one', async () => {
    const none = await signedIn('ian.ipa@cairn.test', DEMO_PASSWORD, '198.19.61.2');
    expect(none.body.favStoreId).toBeNull();
    const guest = new Jar();
    await guest.post('/en-us/stores/my-store', { storeId: 'US-0003' });
    const adopted = await signedIn('will.wranx@cairn.test', DEMO_PASSWORD, '198.19.61.3', { cookie: guest.header });
    expect(adopted.body.favStoreId).toBe('US-0003');
  });
});
