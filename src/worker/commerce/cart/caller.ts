// Whose basket a cart call is about, and what a change to it answered.

import { HttpError } from '../../lib/http-error.ts';
import type { CookieChange, Shopper } from '../call.ts';
import type { CartAnswer, CartCaller } from './cart-state.ts';
import type { VariantFacts } from './variant-facts.ts';

/**
 * What a change answered, with the variants it already read (not read again to price the answer) and the
 * cookies its own pricing set on the way (the header's count), which the answer sets before its own.
 */
export interface BasketChange {
  result: CartAnswer;
  known?: ReadonlyMap<string, VariantFacts>;
  cookies?: CookieChange[];
}

/** Who is asking: a cart call without a session cannot be about anyone's basket. */
export function callerOf(shopper: Pick<Shopper, 'claims' | 'correlationId'>): CartCaller {
  const claims = shopper.claims;
  if (!claims) throw new HttpError('AUT498', 'This cart belongs to another session.');
  return { usid: claims.usid, consumerNo: claims.type === 'registered' ? claims.consumerNo : undefined, correlationId: shopper.correlationId };
}
