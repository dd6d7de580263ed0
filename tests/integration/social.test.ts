// Social photos (the store services issue, §5; account-content §7 "Social photo service"): the galleries by
// customer, category and stream (by id or tag key), a photo's products, sharing (user, stash, media) with
// moderation under /admin, reports one per shopper, review photos joining with their review, and stashes
// that are never shared being cleaned up.

import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { shopperPhoto } from '../../scripts/art/shopper-photo.ts';
import { seedPhotos } from '../../scripts/seed/all.ts';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { seededPhotoBytes } from '../../scripts/seed/social.ts';
import { D1SocialPhotos } from '../../src/worker/commerce/social/social-photos.ts';
import { ADMIN_HEADERS, getJson, namedAdmin, ORIGIN, one, request } from './helpers.ts';
import { Jar, signedInJar } from './jar.ts';

type Json = Record<string, any>;

// The seeded shoppers' photos, as npm start puts them in the local bucket (only this file reads them).
beforeAll(async () => {
  for (const photo of seedPhotos()) {
    await env.MEDIA.put(photo.key, await seededPhotoBytes(photo), { httpMetadata: { contentType: 'image/png' } });
  }
});

const upload = (jar: Jar, path: string, data: FormData) =>
  request(path, { method: 'POST', headers: { origin: ORIGIN, cookie: jar.header, 'cf-connecting-ip': jar.address }, body: data }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as Json,
  }));

async function photoForm(field = 'file', bytes?: Uint8Array, type = 'image/png') {
  const data = new FormData();
  const content = bytes ?? (await shopperPhoto({ seed: 'test', subject: 'footwear', hex: '#8a4b2a', size: 64 }));
  data.append(field, new File([content as BlobPart], 'trail.png', { type }));
  return data;
}

const moderate = (id: string, decision: 'approve' | 'reject', headers: Record<string, string>, reason?: string) =>
  getJson<Json>(`/admin/social/media/${id}/moderate`, { method: 'POST', headers, body: JSON.stringify({ decision, ...(reason ? { reason } : {}) }) });

describe('the galleries', () => {
  it("lists a site's approved photos newest first, in pages, and serves each", async () => {
    const counts = await one<{ shown: number; pending: number }>(
      "SELECT SUM(status = 'approved') AS shown, SUM(status = 'pending') AS pending FROM social_media WHERE site_id = 'US'",
    );
    expect(counts.shown).toBeGreaterThan(4);
    const first = await getJson<Json>('/api/social/customers/US/media/recent?count=3');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    expect(first.headers.get('set-cookie')).toBeNull();
    expect([first.body.customerId, first.body.total, first.body.media.length]).toEqual(['US', counts.shown, 3]);
    const all = (await getJson<Json>('/api/social/customers/US/media/recent?count=48')).body.media as Json[];
    const dates = all.map((m) => m.sharedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.slice(0, 3).map((m) => m.id)).toEqual(first.body.media.map((m: Json) => m.id));
    const second = await getJson<Json>('/api/social/customers/US/media/recent?count=3&page=2');
    expect(second.body.media.map((m: Json) => m.id)).toEqual(all.slice(3, 6).map((m) => m.id));
    expect(all[0]).toMatchObject({ url: `/media/social/${all[0]?.id}`, source: 'upload', user: { screenName: expect.any(String) } });

    const photo = await request(all[0]?.url);
    expect([photo.status, photo.headers.get('content-type'), photo.headers.get('x-content-type-options')]).toEqual([200, 'image/png', 'nosniff']);
    const pending = await one<{ media_id: string }>("SELECT media_id FROM social_media WHERE status = 'pending' LIMIT 1");
    expect((await request(`/media/social/${pending.media_id}`)).status).toBe(404);
    expect(all.some((m) => m.id === pending.media_id)).toBe(false);

    const root = await getJson<Json>('/api/social?customer=FR');
    expect(root.body.customer).toMatchObject({ id: 'FR', mediaCount: expect.any(Number), links: { media: '/api/social/customers/FR/media/recent' } });
    expect((await getJson<Json>('/api/social/customers/XX/media/recent')).body.errorId).toBe('API400');
    expect((await getJson<Json>('/api/social/customers/US/media/recent?count=500')).body.errorId).toBe('API400');
  });

  it('finds a product’s photos by its stream or any of its ids, and a category’s from the categories below it', async () => {
    const tagged = await one<{ style_id: string; category_id: number; parent_id: number; product_id: string; n: number }>(
      `SELECT s.style_id, st.category_id, c.parent_id, (SELECT id FROM products p WHERE p.style_id = s.style_id ORDER BY id DESC LIMIT 1) AS product_id,
         COUNT(*) AS n
       FROM social_media_streams s JOIN social_media m ON m.media_id = s.media_id JOIN styles st ON st.id = s.style_id
       JOIN categories c ON c.id = st.category_id
       WHERE m.status = 'approved' GROUP BY s.style_id ORDER BY n DESC, s.style_id LIMIT 1`,
    );
    const byStream = await getJson<Json>(`/api/social/streams/${tagged.style_id}/media/recent`);
    expect([byStream.status, byStream.body.total]).toEqual([200, tagged.n]);
    expect(byStream.body.media.every((m: Json) => m.streams.includes(tagged.style_id))).toBe(true);
    const byTag = await getJson<Json>(`/api/social/streams/media/recent?tag_key=${tagged.product_id}`);
    expect([byTag.body.streamId, byTag.body.media.map((m: Json) => m.id)]).toEqual([tagged.style_id, byStream.body.media.map((m: Json) => m.id)]);
    expect((await getJson<Json>('/api/social/streams/media/recent?tag_key=ZZZZZZ')).body.errorId).toBe('API404');
    expect((await getJson<Json>('/api/social/streams/ZZZZZZ/media/recent')).body.errorId).toBe('API404');

    const leaf = (await getJson<Json>(`/api/social/categories/media/recent?category_id=${tagged.category_id}&count=48`)).body;
    const parent = (await getJson<Json>(`/api/social/categories/media/recent?category_id=${tagged.parent_id}&count=48`)).body;
    expect(leaf.total).toBeGreaterThanOrEqual(tagged.n);
    expect(parent.total).toBeGreaterThanOrEqual(leaf.total);
    expect(leaf.media.every((m: Json) => parent.media.some((p: Json) => p.id === m.id))).toBe(true);
    expect((await getJson<Json>('/api/social/categories/media/recent?category_id=99999')).body.errorId).toBe('PLP400');
    expect((await getJson<Json>('/api/social/categories/media/recent')).body.errorId).toBe('API400');

    const mediaId = byStream.body.media[0].id as string;
    const streams = await getJson<Json>(`/api/social/media/${mediaId}/streams?locale=fr-fr`);
    const name = await one<{ name: string }>("SELECT name FROM style_texts WHERE style_id = ?1 AND lang = 'fr'", tagged.style_id);
    expect(streams.body.streams.find((s: Json) => s.id === tagged.style_id)).toMatchObject({
      name: name.name,
      url: expect.stringMatching(new RegExp(`^/fr-fr/p/.+-${tagged.style_id}`)),
      image: expect.stringMatching(/\.svg$/),
    });
    const pending = await one<{ media_id: string }>("SELECT media_id FROM social_media WHERE status = 'pending' LIMIT 1");
    expect((await getJson<Json>(`/api/social/media/${pending.media_id}/streams`)).body.errorId).toBe('API404');
  });
});

describe('sharing a photo', () => {
  it('takes a signed-in shopper’s photo through a stash to moderation, then shows it first in its stream', async () => {
    const guest = new Jar();
    expect((await guest.api('POST', '/api/social/users', { screen_name: 'Anon' })).body.errorId).toBe('AUT401');
    expect((await upload(guest, '/api/social/stashes', await photoForm())).body.errorId).toBe('AUT401');

    const ana = await signedInJar('ana@cairn.test', '198.19.40.1');
    expect((await upload(ana, '/api/social/stashes', await photoForm())).body.errorId).toBe('API409');
    expect((await ana.api('POST', '/api/social/users', { screen_name: 'x' })).body.details[0].field).toBe('screen_name');
    const made = await ana.api('POST', '/api/social/users', { screen_name: 'ana_outdoors' });
    expect([made.status, made.body.user.screenName]).toEqual([201, 'ana_outdoors']);
    const again = await ana.api('POST', '/api/social/users', { screen_name: 'someone_else' });
    expect([again.status, again.body.user]).toEqual([200, made.body.user]);
    const userId = made.body.user.id as string;

    expect((await upload(ana, '/api/social/stashes', await photoForm('file', new TextEncoder().encode('<svg/>'), 'image/svg+xml'))).body.errorId).toBe(
      'API415',
    );
    expect((await upload(ana, '/api/social/stashes', await photoForm('photo'))).body.details[0].field).toBe('file');
    const stashed = await upload(ana, '/api/social/stashes', await photoForm());
    expect(stashed.status).toBe(201);
    const stashId = stashed.body.stash.id as string;

    const { style_id: styleId, product_id: productId } = await one<{ style_id: string; product_id: string }>(
      "SELECT s.id AS style_id, (SELECT id FROM products WHERE style_id = s.id LIMIT 1) AS product_id FROM styles s WHERE s.product_type = 'boot' AND s.is_digital = 0 LIMIT 1",
    );
    const media = (body: Json) => ana.api('POST', `/api/social/users/${userId}/media`, body);
    const body = { stash_id: stashId, caption: 'Wet weekend <b>in the hills</b>', tag_keys: [productId], rights: true };
    expect((await media({ ...body, rights: false })).body.details[0].field).toBe('rights');
    expect((await media({ ...body, tag_keys: ['QQQQQQ'] })).body.details[0].field).toBe('tag_keys');
    const leo = await signedInJar('leo.loyalty@cairn.test', '198.19.40.2');
    expect((await leo.api('POST', `/api/social/users/${userId}/media`, body)).body.errorId).toBe('API403');
    const shared = await media(body);
    expect([shared.status, shared.body.media.status, shared.body.media.streams]).toEqual([201, 'pending', [styleId]]);
    const mediaId = shared.body.media.id as string;
    // The stash is used up.
    expect((await media(body)).body.details[0].field).toBe('stash_id');
    const stream = `/api/social/streams/${styleId}/media/recent`;
    expect(((await getJson<Json>(stream)).body.media as Json[]).some((m) => m.id === mediaId)).toBe(false);
    expect((await request(`/media/social/${mediaId}`)).status).toBe(404);

    const queue = (await getJson<Json>('/admin/social/queue', { headers: ADMIN_HEADERS })).body.items as Json[];
    const queued = queue.find((item) => item.id === mediaId);
    expect(queued).toMatchObject({ status: 'pending', screenName: 'ana_outdoors', streams: [styleId], photo: `/admin/social/media/${mediaId}/photo` });
    const operator = await namedAdmin('Oona (moderation)', 'operator');
    expect((await request(queued?.photo, { headers: operator.headers })).headers.get('content-type')).toBe('image/png');
    const marketer = await namedAdmin('Max (marketing)');
    expect((await moderate(mediaId, 'approve', marketer.headers)).body.errorId).toBe('API403');
    expect((await moderate(mediaId, 'reject', operator.headers)).body.details[0].field).toBe('reason');
    expect((await moderate(mediaId, 'approve', operator.headers)).body.media.status).toBe('approved');
    const audit = await one<{ actor: string }>("SELECT actor FROM audit_log WHERE action = 'social.approve' AND subject = ?1", `social:${mediaId}`);
    expect(audit.actor).toBe('Oona (moderation)');

    const listed = (await getJson<Json>(stream)).body.media as Json[];
    expect(listed[0]).toMatchObject({ id: mediaId, caption: 'Wet weekend <b>in the hills</b>', user: { screenName: 'ana_outdoors' } });
    expect((await request(`/media/social/${mediaId}`)).status).toBe(200);
    // The stash's copy is gone; the shared photo is kept under its own key.
    expect(await env.MEDIA.list({ prefix: `social/stashes/${stashId}` }).then((l) => l.objects.length)).toBe(0);
  });

  it('removes photos uploaded and never shared after a day', async () => {
    const eve = await signedInJar('eve.employee@cairn.test', '198.19.40.3');
    await eve.api('POST', '/api/social/users', { screen_name: 'eve_walks' });
    const stashed = await upload(eve, '/api/social/stashes', await photoForm());
    const stashId = stashed.body.stash.id as string;
    const service = new D1SocialPhotos(env.DB, env.MEDIA);
    expect(await service.cleanUp(new Date())).toBe(0);
    expect(await service.cleanUp(new Date(Date.now() + 25 * 3600 * 1000))).toBeGreaterThanOrEqual(1);
    expect(await env.DB.prepare('SELECT 1 FROM social_stashes WHERE stash_id = ?1').bind(stashId).first()).toBeNull();
    expect((await env.MEDIA.list({ prefix: `social/stashes/${stashId}` })).objects).toHaveLength(0);
  });
});

describe('reports', () => {
  it('counts one per shopper, even at once; three take a photo down until an operator keeps it', async () => {
    const target = await one<{ media_id: string }>(
      "SELECT media_id FROM social_media WHERE status = 'approved' AND reports = 0 AND site_id = 'GB' ORDER BY media_id LIMIT 1",
    );
    const path = `/api/social/media/${target.media_id}/reports`;
    expect((await new Jar().api('POST', path, { reason: 'spam' })).body.errorId).toBe('AUT401');
    const shoppers = await Promise.all(
      ['ana@cairn.test', 'leo.loyalty@cairn.test', 'ian.ipa@cairn.test'].map((email, i) => signedInJar(email, `198.19.41.${i + 1}`)),
    );
    const [ana, leo, ian] = shoppers as [Jar, Jar, Jar];
    expect((await ana.api('POST', path, { reason: 'nonsense' })).body.details[0].field).toBe('reason');
    const twice = await Promise.all([ana.api('POST', path, { reason: 'spam' }), ana.api('POST', path, { reason: 'spam' })]);
    expect(twice.map((r) => r.body.counted).sort()).toEqual([false, true]);
    await leo.api('POST', path, { reason: 'offensive' });
    const third = await ian.api('POST', path, { reason: 'not-cairn' });
    expect(third.body).toMatchObject({ counted: true, hidden: true });
    expect((await request(`/media/social/${target.media_id}`)).status).toBe(404);
    expect((await ian.api('POST', path, { reason: 'spam' })).body.errorId).toBe('API404');

    const queue = (await getJson<Json>('/admin/social/queue', { headers: ADMIN_HEADERS })).body.items as Json[];
    expect(queue[0]).toMatchObject({ id: target.media_id, reports: 3, reportReasons: expect.arrayContaining(['spam', 'offensive', 'not-cairn']) });
    const operator = await namedAdmin('Otto (moderation)', 'operator');
    await moderate(target.media_id, 'approve', operator.headers);
    expect(await one('SELECT status, reports FROM social_media WHERE media_id = ?1', target.media_id)).toEqual({ status: 'approved', reports: 0 });
    expect((await request(`/media/social/${target.media_id}`)).status).toBe(200);
  });
});

describe('review photos in the galleries', () => {
  it('join the product’s stream when their review is approved and leave when it is rejected', async () => {
    const ian = await signedInJar('ian.ipa@cairn.test', '198.19.42.1');
    const { style_id: styleId } = await one<{ style_id: string }>(
      "SELECT id AS style_id FROM styles WHERE product_type = 'hiker' AND is_digital = 0 AND id NOT IN (SELECT style_id FROM reviews WHERE consumer_no IS NOT NULL) LIMIT 1",
    );
    const data = new FormData();
    data.set(
      'review',
      JSON.stringify({
        rating: 5,
        title: 'Summit day',
        text: 'Took them up and down in the rain and they never slipped once.',
        nickname: 'Ian',
        termsAccepted: true,
      }),
    );
    data.append('photos', new File([(await shopperPhoto({ seed: 'review', subject: 'footwear', hex: '#445566', size: 64 })) as BlobPart], 'top.png'));
    const made = await upload(ian, `/api/products/v1/products/${styleId}/reviews`, data);
    expect(made.status).toBe(201);
    const reviewId = made.body.review.reviewId as string;
    const stream = `/api/social/streams/${styleId}/media/recent`;
    const inStream = async () => ((await getJson<Json>(stream)).body.media as Json[]).filter((m) => m.reviewId === reviewId);
    expect(await inStream()).toHaveLength(0);

    const operator = await namedAdmin('Ola (reviews)', 'operator');
    const decide = (decision: 'approve' | 'reject', reason?: string) =>
      getJson<Json>(`/admin/reviews/${reviewId}/moderate`, {
        method: 'POST',
        headers: operator.headers,
        body: JSON.stringify({ decision, ...(reason ? { reason } : {}) }),
      });
    await decide('approve');
    const [joined] = await inStream();
    expect(joined).toMatchObject({ source: 'review', caption: 'Summit day', user: { screenName: 'Ian' }, streams: [styleId] });
    expect((await request(joined?.url)).headers.get('content-type')).toBe('image/png');

    await decide('reject', 'Shows a face');
    expect(await inStream()).toHaveLength(0);
    expect((await request(joined?.url)).status).toBe(404);
    // Approved again, it comes back under the same id.
    await decide('approve');
    expect((await inStream()).map((m) => m.id)).toEqual([joined?.id]);
  });
});

describe('a shopper who deletes their account', () => {
  it('takes their shared and uploaded photos with them, rows and objects', async () => {
    const ada = await signedInJar('ada.athlete@cairn.test', '198.19.43.1');
    const user = (await ada.api('POST', '/api/social/users', { screen_name: 'ada_climbs' })).body.user;
    const { style_id: styleId } = await one<{ style_id: string }>("SELECT id AS style_id FROM styles WHERE product_type = 'jacket' LIMIT 1");
    const shared = await upload(ada, '/api/social/stashes', await photoForm());
    const media = await ada.api('POST', `/api/social/users/${user.id}/media`, { stash_id: shared.body.stash.id, tag_keys: [styleId], rights: true });
    const mediaId = media.body.media.id as string;
    const operator = await namedAdmin('Odile (moderation)', 'operator');
    await moderate(mediaId, 'approve', operator.headers);
    const left = (await upload(ada, '/api/social/stashes', await photoForm())).body.stash.id as string;
    expect((await request(`/media/social/${mediaId}`)).status).toBe(200);

    const deleted = await ada.api('DELETE', '/api/consumers-v3/consumer', { password: DEMO_PASSWORD });
    expect(deleted.status).toBe(200);
    expect((await request(`/media/social/${mediaId}`)).status).toBe(404);
    expect(await env.DB.prepare('SELECT 1 FROM social_users WHERE user_id = ?1').bind(user.id).first()).toBeNull();
    expect((await env.MEDIA.list({ prefix: `social/${mediaId}` })).objects).toHaveLength(0);
    expect((await env.MEDIA.list({ prefix: `social/stashes/${left}` })).objects).toHaveLength(0);
  });
});
