// Signing in merges the guest's favorites and saved-for-later into the consumer's own lists
// (commerce-core §4): the consumer's items take over, the guest's are added, only lists the signing-in
// session owns are touched.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { getJson, request } from './helpers.ts';
import { cookieHeader, cookiesOf, JSON_POST, signedIn } from './identity.ts';

type Json = Record<string, any>;
const NOW = '2026-11-01T10:00:00.000Z';

async function guest(): Promise<{ usid: string; cookie: string }> {
  const response = await request('/api/token/v2/auth/token', { method: 'POST', headers: JSON_POST, body: '{}' });
  return { usid: ((await response.json()) as Json).usid, cookie: cookieHeader(cookiesOf(response)) };
}

async function list(id: string, kind: 'favorites' | 'save_for_later', owner: { usid?: string; consumerNo?: string }, items: [string, number][]) {
  await env.DB.batch([
    env.DB.prepare('INSERT INTO product_lists (id, kind, consumer_no, usid, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5)').bind(
      id,
      kind,
      owner.consumerNo ?? null,
      owner.usid ?? null,
      NOW,
    ),
    ...items.map(([item, qty]) =>
      env.DB.prepare('INSERT INTO product_list_items (list_id, item_id, qty, added_at) VALUES (?1, ?2, ?3, ?4)').bind(id, item, qty, NOW),
    ),
  ]);
}

const items = async (id: string) =>
  (await env.DB.prepare('SELECT item_id, qty FROM product_list_items WHERE list_id = ?1 ORDER BY item_id').bind(id).all<{ item_id: string; qty: number }>())
    .results;
const consumerNo = async (email: string) =>
  (await env.DB.prepare('SELECT consumer_no FROM consumers WHERE email = ?1').bind(email).first<{ consumer_no: string }>())?.consumer_no as string;

describe('signing in with guest lists', () => {
  it('merges the guest favorites into the consumer’s, whose own items take over', async () => {
    const visitor = await guest();
    const ana = await consumerNo('ana@cairn.test');
    await list('fav_guest_1', 'favorites', { usid: visitor.usid }, [
      ['AAAA0001', 1],
      ['BBBB0002', 1],
    ]);
    await list('fav_ana', 'favorites', { consumerNo: ana }, [
      ['BBBB0002', 3],
      ['CCCC0003', 1],
    ]);
    const session = await signedIn('ana@cairn.test', DEMO_PASSWORD, '192.0.2.190', { cookie: visitor.cookie, guestObjects: { favoriteId: 'fav_guest_1' } });
    expect(session.status).toBe(200);
    expect(session.body.favoriteId).toBe('fav_ana');
    expect(await items('fav_ana')).toEqual([
      { item_id: 'AAAA0001', qty: 1 },
      { item_id: 'BBBB0002', qty: 3 },
      { item_id: 'CCCC0003', qty: 1 },
    ]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM product_lists WHERE id = 'fav_guest_1'").first('n')).toBe(0);
  });

  it('makes the guest list the consumer’s when they had none', async () => {
    const visitor = await guest();
    await list('sfl_guest_2', 'save_for_later', { usid: visitor.usid }, [['DDDD0004', 2]]);
    const session = await signedIn('ada.athlete@cairn.test', DEMO_PASSWORD, '192.0.2.191', {
      cookie: visitor.cookie,
      guestObjects: { saveForLaterId: 'sfl_guest_2' },
    });
    expect(session.body.saveForLaterId).toBe('sfl_guest_2');
    const owner = await env.DB.prepare("SELECT consumer_no, usid FROM product_lists WHERE id = 'sfl_guest_2'").first();
    expect(owner).toEqual({ consumer_no: await consumerNo('ada.athlete@cairn.test'), usid: null });
  });

  it('leaves alone a list the signing-in session does not own', async () => {
    const visitor = await guest();
    await list('fav_someone_else', 'favorites', { usid: crypto.randomUUID() }, [['EEEE0005', 1]]);
    const session = await signedIn('leo.loyalty@cairn.test', DEMO_PASSWORD, '192.0.2.192', {
      cookie: visitor.cookie,
      guestObjects: { favoriteId: 'fav_someone_else' },
    });
    expect(session.status).toBe(200);
    expect(session.body.favoriteId).toBeNull();
    expect(await env.DB.prepare("SELECT consumer_no FROM product_lists WHERE id = 'fav_someone_else'").first('consumer_no')).toBeNull();
    expect(await items('fav_someone_else')).toEqual([{ item_id: 'EEEE0005', qty: 1 }]);
  });

  it('answers the consumer’s own lists when the guest had none', async () => {
    const will = await consumerNo('will.wranx@cairn.test');
    await list('fav_will', 'favorites', { consumerNo: will }, [['FFFF0006', 1]]);
    const session = await signedIn('will.wranx@cairn.test', DEMO_PASSWORD, '192.0.2.193');
    expect(session.body).toMatchObject({ favoriteId: 'fav_will', saveForLaterId: null });
    const profile = await getJson<Json>('/api/token/v2/auth/token', { method: 'POST', headers: { ...JSON_POST, cookie: session.cookie }, body: '{}' });
    expect(profile.body.favoriteId).toBe('fav_will');
  });
});
