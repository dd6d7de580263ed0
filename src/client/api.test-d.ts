// Type-level checks of RouteCall, run by tsc: what the cart's calls rely on it to refuse and to infer.

import type { RouteAnswer, RouteCall } from './api.ts';

declare const callRoute: RouteCall;

export async function checks(basketId: string): Promise<void> {
  const opened = await callRoute('POST', '/api/cart/v1/cart');
  const basket: string = opened.basketId;
  const updated = await callRoute('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: 'I1', qty: 2 });
  const count: number = updated.totalItems;
  // A field with a default may be left out, as the route's valibot schema allows.
  await callRoute('POST', '/api/cart/v1/item', { cartId: basket, productId: 'ABC123456' });
  // @ts-expect-error no route answers at this path
  await callRoute('POST', '/api/cart/v1/items', { cartId: basket });
  // @ts-expect-error the route takes PUT, not PATCH
  await callRoute('PATCH', `/api/cart/v1/cart/${basketId}/item`, { itemId: 'I1', qty: 2 });
  // @ts-expect-error qty is a number
  await callRoute('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: 'I1', qty: '2' });
  // @ts-expect-error the route's answer has no such field
  const missing: unknown = opened.basketIdentifier;
  const stores: RouteAnswer<'POST', '/api/stores/v1/search'>['stores'] = [];
  void [count, missing, stores];
}
