// The content slots (espots) pages show (account-content §2); where each renders is in the README.

export const ESPOT_SLOTS = [
  'account',
  'account-profile',
  'basecamp',
  'cart',
  'category',
  'checkout',
  'contact-us',
  'error-4xx',
  'generic',
  'gift-card',
  'loyalty-modal',
  'order-confirmation',
  'product',
  'promotions',
  'search',
  'sign-in-modal',
  'sign-up',
  'sign-up-modal',
  'store-locator',
  'westend',
] as const;
export type EspotSlot = (typeof ESPOT_SLOTS)[number];
