// The product page's body is rendered once per set of inputs and remembered (pages/body-memo.ts): a second
// request gets the same page with its own CSP nonce, and anything the page shows that changes (a review
// approved, a price) is there on the next request, because the inputs are read fresh every time.

import { describe, expect, it } from 'vitest';
import { ADMIN_HEADERS, getJson, one, request } from './helpers.ts';

async function page(path: string) {
  const response = await request(path);
  const html = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
  return { html, nonce };
}

describe('a remembered product page', () => {
  it('is the same page again, with every script carrying this response’s nonce, and follows what changes', async () => {
    const row = await one<{ id: string; slug: string; style_id: string }>(
      `SELECT p.id, p.slug, p.style_id FROM products p JOIN styles s ON s.id = p.style_id
       WHERE s.is_digital = 0 AND s.product_type = 'boot' AND EXISTS (SELECT 1 FROM reviews r WHERE r.style_id = s.id AND r.status = 'pending')
       ORDER BY p.id LIMIT 1`,
    );
    const path = `/en-us/p/${row.slug}-${row.id}`;
    const first = await page(path);
    const second = await page(path);
    expect(second.nonce).not.toBe(first.nonce);
    for (const script of second.html.match(/<script[^>]*>/g) ?? []) expect(script).toContain(`nonce="${second.nonce}"`);
    expect(second.html).not.toContain(first.nonce);
    const body = (html: string, nonce: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>')).replaceAll(nonce, 'N');
    expect(body(second.html, second.nonce)).toBe(body(first.html, first.nonce));
    // The picker's island is still on the page, and its code among the page's scripts.
    expect(second.html).toContain('data-island="product-picker"');

    const count = (html: string) => Number(/"reviewCount":(\d+)/.exec(html)?.[1] ?? /ratingCount":"?(\d+)/.exec(html)?.[1] ?? 0);
    const before = count(second.html);
    const waiting = await one<{ review_id: string }>("SELECT review_id FROM reviews WHERE style_id = ?1 AND status = 'pending' LIMIT 1", row.style_id);
    const approved = await getJson(`/admin/reviews/${waiting.review_id}/moderate`, {
      method: 'POST',
      headers: ADMIN_HEADERS,
      body: JSON.stringify({ decision: 'approve' }),
    });
    expect(approved.status).toBe(200);
    const after = await page(path);
    expect(count(after.html)).toBe(before + 1);
  });
});
