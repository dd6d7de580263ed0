// The cart's and the lists' configuration in one place (commerce-core §9): what a marketer or an engineer
// would tune without reading the code around it.

/** Favorites shown per page (the favorites page and GET /wishlists/v2/favorites without a count). */
/** commerce-core §9: upsells shown after an add, stacked. */
export const UPSELL_COUNT = 3;

export const FAVORITES_PAGE_SIZE = 24;
/** Saved-for-later items shown per page under the cart. */
export const SAVE_FOR_LATER_PAGE_SIZE = 12;
/** The most items one list keeps: a list is a shopper's shortlist, not a catalogue. */
export const LIST_MAX_ITEMS = 200;
/** The most gift cards one cart may pay with (GFC410 past it). */
export const GIFT_CARD_MAX_PER_CART = 2;
/** Wrong gift card numbers or PINs allowed from one session or address in the window, then API429. */
export const GIFT_CARD_GUESSES = { refuseAfter: 10, windowSeconds: 15 * 60 } as const;
/**
 * Wrong PINs one card takes, whoever guesses, within the window; past them the card refuses every PIN check,
 * the right one too, for `lockSeconds` after the last wrong one counted.
 */
export const GIFT_CARD_PIN_LOCK = { wrongPins: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;
/** Contact-form acknowledgements one address receives in the window; past it the case is filed without one. */
export const CONTACT_ACKNOWLEDGEMENTS = { perRecipient: 3, windowSeconds: 24 * 60 * 60 } as const;
/** The most an in-store associate may take off a line (percent of its price), as a percent or an amount (PRC403 past it). */
export const PRICE_ADJUSTMENT_MAX_PERCENT = 25;
/** Store device enrolment codes one address may try in the window before it is refused (API429). */
export const DEVICE_ENROL_ATTEMPTS = { refuseAfter: 10, windowSeconds: 15 * 60 } as const;
/** A member needs at least this many points for a loyalty voucher (commerce-core §9). */
export const LOYALTY_MIN_POINTS = 500;
/** The vouchers points buy: points spent, and the minor units (cents, pence) they take off, in any currency. */
export const LOYALTY_VOUCHERS: readonly { points: number; amount: number }[] = [
  { points: 500, amount: 500 },
  { points: 1000, amount: 1_000 },
  { points: 2000, amount: 2_500 },
  { points: 5000, amount: 7_500 },
];
/**
 * Locales where the carriers' networks tell the person collecting a parcel themselves (commerce-core §5): a
 * pickup point wants a contact's name, mobile phone and email; a store pickup an email for its ready notice.
 * Elsewhere the order's own email and phone do.
 */
export const PICKUP_CONTACT_LOCALES: { collectionPoint: readonly string[]; storePickup: readonly string[] } = {
  collectionPoint: ['en-gb', 'fr-fr', 'de-de', 'it-it'],
  storePickup: ['fr-fr', 'de-de', 'it-it'],
};

/** States and territories the express carrier does not reach, per site: an express order there goes standard. */
export const EXPRESS_EXCLUDED_REGIONS: Readonly<Record<string, readonly string[]>> = { US: ['AK', 'HI'], CA: ['NT', 'NU', 'YT'] };

/** Whether express delivery reaches an address (its state or province) on a site. */
export function expressReaches(siteId: string, province: string | undefined): boolean {
  return !province || !(EXPRESS_EXCLUDED_REGIONS[siteId] ?? []).includes(province);
}

/** Sites whose loyalty benefits leave out free shipping (commerce-core §9). */
export const LOYALTY_NO_FREE_SHIPPING_SITES: readonly string[] = ['FR', 'IT', 'DE', 'GB'];

/** A delivery's price (minor units) and time in days, "N-M" or "N" ("0" is the same day). */
export interface DeliveryPrice {
  amount: number;
  deliveryTime: string;
}

/** Home delivery and pickup-point prices per site: standard, express, and a pickup point (pudo). */
export const HOME_DELIVERY: Readonly<Record<string, { standard: DeliveryPrice; express: DeliveryPrice; pudo: DeliveryPrice }>> = {
  US: { standard: { amount: 800, deliveryTime: '3-5' }, express: { amount: 1800, deliveryTime: '1-2' }, pudo: { amount: 500, deliveryTime: '2-4' } },
  CA: { standard: { amount: 1000, deliveryTime: '3-6' }, express: { amount: 2000, deliveryTime: '1-3' }, pudo: { amount: 600, deliveryTime: '2-5' } },
  GB: { standard: { amount: 495, deliveryTime: '2-4' }, express: { amount: 995, deliveryTime: '1' }, pudo: { amount: 350, deliveryTime: '2-3' } },
  FR: { standard: { amount: 595, deliveryTime: '2-4' }, express: { amount: 1295, deliveryTime: '1-2' }, pudo: { amount: 395, deliveryTime: '2-4' } },
  DE: { standard: { amount: 595, deliveryTime: '2-4' }, express: { amount: 1295, deliveryTime: '1-2' }, pudo: { amount: 395, deliveryTime: '2-4' } },
  IT: { standard: { amount: 595, deliveryTime: '2-4' }, express: { amount: 1295, deliveryTime: '1-2' }, pudo: { amount: 395, deliveryTime: '2-4' } },
};
/** Ship to store: free, and as long as a standard delivery to the store takes. */
export const SHIP_TO_STORE_TIME = '3-5';

/** A toast closes by itself after this long (commerce-core §9); the queue ticks every TOAST_TICK_MS while one shows. */
export const TOAST_AUTO_CLOSE_MS = 6000;
export const TOAST_TICK_MS = 200;

/** A digital gift card's message to its recipient, and the recipient's name, at most this long (characters). */
export const GIFT_MESSAGE_MAX = 200;
export const GIFT_TO_MAX = 50;
