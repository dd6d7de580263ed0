// The account's saved items (the account issue: favorites and saved-for-later sections): the two lists the
// cart issue keeps, on one private page, with a saved item moved back into the cart by a plain form.

import { describe, expect, it } from 'vitest';
import { stockedVariant } from './checkout-helpers.ts';
import { one } from './helpers.ts';
import { Jar, signedInJar } from './jar.ts';

describe('the saved items page', () => {
  it('shows the favorites and what was saved for later, and moves a saved item back into the cart', async () => {
    const jar = await signedInJar('eve.employee@cairn.test', '198.19.22.1');
    const empty = await jar.get('/en-us/account/lists');
    expect(empty.response.headers.get('cache-control')).toBe('private, no-store');
    expect(empty.html).toContain('No favorites yet');
    expect(empty.html).toContain('aria-current="page">Saved items</a>');

    const [favorite, saved] = [await stockedVariant(5, 80), await stockedVariant(5, 81)];
    expect((await jar.api('POST', '/api/wishlists/v2/favorites', { id: favorite.id })).status).toBeLessThan(300);
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: saved.id, qty: 1 });
    const itemId = (added.body.items as { id: string; productId: string }[]).find((item) => item.productId === saved.id)?.id as string;
    expect((await jar.api('PUT', '/api/cart/v2/saveForLater', { cartId: basketId, itemId })).status).toBeLessThan(300);

    const names = await Promise.all(
      [favorite.id, saved.id].map((id) =>
        one<{ name: string }>(
          "SELECT t.name FROM variants v JOIN products p ON p.id = v.product_id JOIN style_texts t ON t.style_id = p.style_id AND t.lang = 'en' WHERE v.id = ?1",
          id,
        ),
      ),
    );
    const { html } = await jar.get('/en-us/account/lists');
    expect(html).toContain(names[0]?.name);
    expect(html).toContain(names[1]?.name);
    expect(html).toMatch(/Saved for later \((<!-- -->)?1(<!-- -->)? item\)/);
    const move = /action="(\/en-us\/cart\/saved\/[^"]+\/move)"/.exec(html)?.[1] as string;
    expect(move).toBeTruthy();
    expect((await jar.post(move, {})).status).toBeLessThan(400);
    expect((await jar.get('/en-us/account/lists')).html).toContain('Nothing saved for later.');
    expect((await new Jar().get('/en-us/account/lists')).response.status).toBe(303);
  });
});
