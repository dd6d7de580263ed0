// Page-type classification used for tracking (account-content §2), one function for server and client.

export type PageType =
  | 'product detail'
  | 'category listing'
  | 'cart'
  | 'account'
  | 'search'
  | 'search hub'
  | 'Home'
  | 'order confirmation'
  | 'checkout'
  | 'Error'
  | 'Other';

/** The meta description error pages carry, which marks them for tracking. */
export const NOT_AVAILABLE_DESCRIPTION = 'This page is not available.';

const BARE_LOCALE = /^\/[a-z]{2}-[a-z]{2}\/?$/i;

export function pageType(pathname: string, metaDescription?: string): PageType {
  if (metaDescription?.toLowerCase().includes('not available')) return 'Error';
  // Order matters: "/search" would also match "searchhub", and the table lists /p/ first.
  if (pathname.includes('/p/')) return 'product detail';
  if (pathname.includes('/c/')) return 'category listing';
  if (pathname.includes('/cart')) return 'cart';
  if (pathname.includes('/account')) return 'account';
  if (pathname.includes('searchhub')) return 'search hub';
  if (pathname.includes('/search')) return 'search';
  if (BARE_LOCALE.test(pathname)) return 'Home';
  if (pathname.includes('/order-confirmation')) return 'order confirmation';
  if (pathname.includes('/checkout')) return 'checkout';
  return 'Other';
}
