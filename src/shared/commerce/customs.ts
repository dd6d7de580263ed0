// Made-to-order boots (commerce-core §3, customs): what a design may choose, what it costs on top of the
// boot, how long the workshop takes, and how a design is named. Shared by the design studio's page, the
// API and the cart, so the price a shopper is shown is the price they are charged.

/** Lace colours the workshop stocks. */
export const CUSTOM_LACES = ['natural', 'black', 'red', 'blue'] as const;
export type CustomLaces = (typeof CUSTOM_LACES)[number];

/** Initials on the heel tab: up to three capital letters, or none. */
export const MONOGRAM = /^[A-Z]{0,3}$/;

/** What making a pair to order adds to the boot's price, per currency (minor units). */
export const CUSTOMS_SURCHARGE: Readonly<Record<string, number>> = { USD: 4000, CAD: 5000, GBP: 3500, EUR: 4000 };

/** The workshop's time, in days, as delivery times are written ("N-M"). */
export const CUSTOMS_DELIVERY_TIME = '21-28';

export const RECIPE_ID = /^RCP[A-Z0-9]{10}$/;
/** A curated design's code: capital words joined by hyphens. */
export const PRECREATED_CODE = /^[A-Z0-9]+(-[A-Z0-9]+){0,3}$/;

export function customsSurcharge(currency: string): number {
  const amount = CUSTOMS_SURCHARGE[currency];
  if (amount === undefined) throw new Error(`no customs surcharge for ${currency}`);
  return amount;
}
