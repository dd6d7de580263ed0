// The cart's and the lists' configuration in one place (commerce-core §9): what a marketer or an engineer
// would tune without reading the code around it.

/** Favorites shown per page (the favorites page and GET /wishlists/v2/favorites without a count). */
export const FAVORITES_PAGE_SIZE = 24;
/** Saved-for-later items shown per page under the cart. */
export const SAVE_FOR_LATER_PAGE_SIZE = 12;
/** The most items one list keeps: a list is a shopper's shortlist, not a catalogue. */
export const LIST_MAX_ITEMS = 200;
/** The most gift cards one cart may pay with (GFC410 past it). */
export const GIFT_CARD_MAX_PER_CART = 2;
/** Wrong gift card numbers or PINs allowed from one session or address in the window, then API429. */
export const GIFT_CARD_GUESSES = { refuseAfter: 10, windowSeconds: 15 * 60 } as const;
/** A member needs at least this many points for a loyalty voucher (commerce-core §9). */
export const LOYALTY_MIN_POINTS = 500;
/** The vouchers points buy: points spent, and the minor units (cents, pence) they take off, in any currency. */
export const LOYALTY_VOUCHERS: readonly { points: number; amount: number }[] = [
  { points: 500, amount: 500 },
  { points: 1000, amount: 1_000 },
  { points: 2000, amount: 2_500 },
  { points: 5000, amount: 7_500 },
];
/** Sites whose loyalty benefits leave out free shipping (commerce-core §9). */
export const LOYALTY_NO_FREE_SHIPPING_SITES: readonly string[] = ['FR', 'IT', 'DE', 'GB'];
