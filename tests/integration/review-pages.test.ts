// Reviews and questions on the pages (the store services issue, §1): the product page's summary, first
// reviews and JSON-LD, the same for everyone; the reviews page's filters; writing a review and asking a
// question through the plain forms (sign-in step, field errors, thanks); votes and reports posted from
// the pages; shoppers' words escaped wherever they show.

import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/shared/api/session.ts';
import { ADMIN_HEADERS, getJson, one, request } from './helpers.ts';
import { Jar, signedInJar } from './jar.ts';

type Json = Record<string, any>;

/** A footwear product with approved reviews in several languages and an answered question. */
async function reviewedProduct() {
  const row = await one<{ style_id: string; product_id: string; slug: string; review_count: number; rating: number }>(
    `SELECT s.id AS style_id, p.id AS product_id, p.slug, s.review_count, s.rating FROM styles s JOIN products p ON p.style_id = s.id
     WHERE s.size_system = 'shoe' AND s.review_count >= 5 AND EXISTS (SELECT 1 FROM questions q WHERE q.style_id = s.id AND q.status = 'approved')
     ORDER BY s.id, p.id LIMIT 1`,
  );
  return { ...row, path: `/en-us/p/${row.slug}-${row.product_id}` };
}

function jsonLd(html: string): Json[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].flatMap((m) => JSON.parse(m[1] ?? '[]') as Json[]);
}

describe('the product page', () => {
  it('shows the rating summary, the first reviews and questions, and Review entries in its JSON-LD, with no shopper in it', async () => {
    const product = await reviewedProduct();
    const response = await request(product.path);
    const html = await response.text();
    expect(response.headers.get('set-cookie') ?? '').not.toContain(SESSION_COOKIE);
    expect(html).toContain('id="reviews"');
    expect(html).toContain(`href="${product.path}/write-review"`);
    expect(html).toContain(`href="${product.path}/ask-question"`);
    expect(html).toContain(`See all ${product.review_count} reviews`);
    expect(html.match(/<article class="review"/g)?.length).toBe(3);
    expect(html).toContain(`href="${product.path}/reviews#questions"`);
    const ld = jsonLd(html).find((entry) => entry['@type'] === 'Product');
    expect(ld?.aggregateRating).toMatchObject({ ratingValue: product.rating, reviewCount: product.review_count });
    expect(ld?.review).toHaveLength(3);
    expect(ld?.review[0]).toMatchObject({ '@type': 'Review', reviewRating: { '@type': 'Rating', bestRating: 5 } });
    // The translate control needs a translator; none is bound here.
    expect(html).not.toContain('/translate"');
  });

  it('leaves out reviews and questions on a gift card', async () => {
    const gift = await one<{ id: string; slug: string }>(
      'SELECT p.id, p.slug FROM products p JOIN styles s ON s.id = p.style_id WHERE s.is_digital = 1 LIMIT 1',
    );
    const html = await (await request(`/en-us/p/${gift.slug}-${gift.id}`)).text();
    expect(html).not.toContain('id="reviews"');
    expect((await request(`/en-us/p/${gift.slug}-${gift.id}/reviews`)).status).toBe(404);
  });
});

describe('the reviews page', () => {
  it('lists every approved review with its filters, every view naming the one canonical page', async () => {
    const product = await reviewedProduct();
    const page = await request(`${product.path}/reviews`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html.match(/<article class="review"/g)?.length).toBe(Math.min(8, product.review_count));
    expect(html).toContain(`<link rel="canonical" href="https://store.test${product.path}/reviews"`);
    expect(html).not.toContain('noindex');
    const fives = await one<{ n: number }>("SELECT COUNT(*) AS n FROM reviews WHERE style_id = ?1 AND status = 'approved' AND rating = 5", product.style_id);
    const filtered = await (await request(`${product.path}/reviews?rating=5&sort=helpful`)).text();
    expect(filtered.match(/<article class="review"/g)?.length ?? 0).toBe(Math.min(8, fives.n));
    expect(filtered).toContain(`<link rel="canonical" href="https://store.test${product.path}/reviews"`);
    // A hand-edited query shows the plain list.
    expect((await request(`${product.path}/reviews?rating=9&sort=best`)).status).toBe(200);
    expect((await request('/en-us/p/nothing-ZZZZZZZZ/reviews')).status).toBe(404);
  });
});

describe('writing a review and asking a question', () => {
  it('asks a guest to sign in, answers errors at the field, thanks the shopper, and escapes the text once approved', async () => {
    const product = await reviewedProduct();
    const guest = await new Jar().get(`${product.path}/write-review`);
    expect(guest.html).toContain(`href="/en-us/account"`);
    expect(guest.response.headers.get('cache-control')).toBe('private, no-store');

    const ian = await signedInJar('ian.ipa@cairn.test', '198.19.40.1');
    const form = await ian.get(`${product.path}/write-review`);
    expect(form.html).toContain('name="rating"');
    expect(form.html).toContain('name="fit"');
    expect(form.html).toMatch(/id="review-nickname"[^>]*value="Ian"/);
    const fields = {
      title: 'Great <script>alert(1)</script> boots',
      text: 'Solid boots for muddy trails, <img src=x onerror=alert(1)> kept me dry.',
      nickname: 'Ian',
    };
    const refused = await ian.post(`${product.path}/write-review`, { ...fields });
    const refusedHtml = await refused.text();
    expect(refused.status).toBe(400);
    expect(refusedHtml).toContain('Choose a rating from 1 to 5 stars.');
    expect(refusedHtml).toContain('Confirm that your text follows the guidelines.');
    // What was typed is kept.
    expect(refusedHtml).toContain('Solid boots for muddy trails');
    const tooLong = await ian.post(`${product.path}/write-review`, { ...fields, rating: '5', termsAccepted: 'on', text: 'x'.repeat(2001) });
    expect(await tooLong.text()).toContain('Your review is too long.');

    const benefit = /name="benefit\.([a-z]+)"/.exec(form.html)?.[1] as string;
    const posted = await ian.post(`${product.path}/write-review`, { ...fields, rating: '5', fit: '1', [`benefit.${benefit}`]: '4', termsAccepted: 'on' });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('Thanks for your review');
    expect((await ian.get(`${product.path}/write-review`)).html).toContain('You have already reviewed this product.');

    const row = await one<{ review_id: string; fit: number; benefits: string }>(
      "SELECT review_id, fit, benefits FROM reviews WHERE style_id = ?1 AND consumer_no = (SELECT consumer_no FROM consumers WHERE email = 'ian.ipa@cairn.test')",
      product.style_id,
    );
    expect([row.fit, JSON.parse(row.benefits)]).toEqual([1, [{ key: benefit, value: 4 }]]);
    const operator = (
      await getJson<Json>('/admin/tokens', { method: 'POST', headers: ADMIN_HEADERS, body: JSON.stringify({ name: 'Pia (moderation)', role: 'operator' }) })
    ).body;
    const approved = await getJson<Json>(`/admin/reviews/${row.review_id}/moderate`, {
      method: 'POST',
      headers: { ...ADMIN_HEADERS, authorization: `Bearer ${operator.token}` },
      body: JSON.stringify({ decision: 'approve' }),
    });
    expect(approved.status).toBe(200);
    const html = await (await request(`${product.path}/reviews?sort=newest`)).text();
    expect(html).toContain('Great &lt;script&gt;alert(1)&lt;/script&gt; boots');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('takes a question from a signed-in shopper and thanks them', async () => {
    const product = await reviewedProduct();
    expect((await new Jar().get(`${product.path}/ask-question`)).html).toContain('Sign in to ask a question.');
    const ana = await signedInJar('ana@cairn.test', '198.19.40.2');
    const short = await ana.post(`${product.path}/ask-question`, { text: 'Warm?', nickname: 'Ana', termsAccepted: 'on' });
    expect(short.status).toBe(400);
    const asked = await ana.post(`${product.path}/ask-question`, { text: 'Can these be resoled?', nickname: 'Ana', termsAccepted: 'on' });
    expect(await asked.text()).toContain('Thanks for your question');
    expect(await one("SELECT status, nickname FROM questions WHERE text = 'Can these be resoled?'")).toEqual({ status: 'pending', nickname: 'Ana' });
  });
});

describe('votes and reports from the pages', () => {
  it('counts a vote once and comes back to where it was posted; a report thanks the shopper on the reviews page', async () => {
    const product = await reviewedProduct();
    const target = await one<{ review_id: string; helpful: number }>(
      // A seeded review (a shopper's written in this file has a random id): the local translator knows its words.
      "SELECT review_id, helpful FROM reviews WHERE style_id = ?1 AND status = 'approved' AND review_id NOT LIKE '%-%' ORDER BY review_id LIMIT 1",
      product.style_id,
    );
    const guest = await new Jar().post(`${product.path}/reviews/${target.review_id}/vote`, { helpful: 'true', back: product.path });
    expect(guest.headers.get('location')).toBe('/en-us/account');
    const eve = await signedInJar('eve.employee@cairn.test', '198.19.40.3');
    const back = `${product.path}#review-${target.review_id}`;
    const voted = await eve.post(`${product.path}/reviews/${target.review_id}/vote`, { helpful: 'true', back });
    expect([voted.status, voted.headers.get('location')]).toEqual([303, back]);
    const again = await eve.post(`${product.path}/reviews/${target.review_id}/vote`, { helpful: 'true', back: `${product.path}/reviews?sort=helpful` });
    expect(again.headers.get('location')).toBe(`${product.path}/reviews?sort=helpful&notice=already-voted`);
    expect(await one('SELECT helpful FROM reviews WHERE review_id = ?1', target.review_id)).toEqual({ helpful: target.helpful + 1 });
    // Another store's path is not a place to go back to.
    const elsewhere = await eve.post(`${product.path}/reviews/${target.review_id}/vote`, { helpful: 'false', back: 'https://evil.example/' });
    expect(elsewhere.headers.get('location')).toBe(`${product.path}/reviews?notice=already-voted`);

    const reported = await eve.post(`${product.path}/reviews/${target.review_id}/flag`, { reason: 'spam', back });
    expect(reported.headers.get('location')).toBe(`${product.path}/reviews?notice=reported`);
    expect((await eve.get(`${product.path}/reviews?notice=reported`)).html).toContain('Our team will look at this review.');
    // Translated where the page is read (the local phrasebook for a seeded review), shown with the original a link away.
    const translated = await eve.post(`${product.path}/reviews/${target.review_id}/translate`, {});
    expect(translated.status).toBe(303);
    expect(translated.headers.get('location')).toBe(`${product.path}/reviews?translated=${target.review_id}#review-${target.review_id}`);
    expect((await eve.follow(translated.headers.get('location') as string)).html).toContain('Show the original');
  });
});
