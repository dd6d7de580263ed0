// The header's cart count on cached pages: the worker sets a small cookie with the number of units in the
// shopper's basket on every cart answer, and the header reads it. A count, never an id or a name.

export const CART_COUNT_COOKIE = '__Host-cart';

/** The count a cookie header carries: a whole number of units, 0 when absent or not a count. */
export function cartCountOf(cookieHeader: string | null | undefined): number {
  // The name again, as a literal: a pattern built from the constant costs the product page's bundle bytes it has not got.
  const match = /(?:^|;\s*)__Host-cart=(\d{1,7})(?:;|$)/.exec(cookieHeader ?? '');
  return match ? Number(match[1]) : 0;
}
