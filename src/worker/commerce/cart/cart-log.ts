// The Cart object's log lines: each carries the correlation id of the call that asked (CartCaller), so a
// checkout call reads as one story across the worker, this object and the card processor.

import { createLogger } from '../../lib/logger.ts';
import type { CartCaller } from './cart-state.ts';

/** The object's event names, stable for searches and alerts. */
export const CART_EVENTS = {
  orderBegun: 'cart.order_begun',
  orderFinished: 'cart.order_finished',
  foreignCaller: 'cart.foreign_caller',
} as const;

export function cartLogger(caller: CartCaller, basketId: string | undefined) {
  return createLogger({ module: 'cart', correlationId: caller.correlationId ?? null, basketId: basketId ?? null });
}
