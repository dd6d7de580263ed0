// Delivery codes and their order (commerce-core §3, shipping method entry; §4, delivery transitions).

/** Per line: home delivery, pickup in store today, ship to store, digital, or made to order by the workshop (customs). */
export type DeliveryCode = 'STH' | 'BOPIS_SD' | 'BOPIS_STS' | 'digital' | 'customs';

/** The codes that travel to the shopper's address: each needs one before an order is placed. */
export const ADDRESSED_CODES: readonly DeliveryCode[] = ['STH', 'customs'];

/** The home delivery shipment's methods. */
export const HOME_METHODS = ['standard', 'express', 'pudo'] as const;
export type HomeMethod = (typeof HOME_METHODS)[number];

/** Sort key of a delivery time: the same day is 0, otherwise the first number of "N-M". */
export function deliverySortKey(deliveryTime: string): number {
  // A carrier's "same day" (in whatever case) is the spec's 0, as the store's own "0" is.
  if (/^same[\s-]*day$/i.test(deliveryTime.trim())) return 0;
  const first = Number(/^\d+/.exec(deliveryTime.trim())?.[0] ?? Number.NaN);
  return Number.isFinite(first) ? first : Number.POSITIVE_INFINITY;
}

/** The notice a delivery that changed on its own (stock moved between visits) reports, if any. */
export function deliveryTransition(from: DeliveryCode, to: DeliveryCode): string | null {
  const transitions: Record<string, string> = {
    'BOPIS_SD>STH': 'PickupToSthTransition',
    'BOPIS_SD>BOPIS_STS': 'PickupToStsTransition',
    'BOPIS_STS>STH': 'StsToSthTransition',
    'BOPIS_STS>BOPIS_SD': 'StsToPickupTransition',
    'STH>BOPIS_SD': 'STHToPickupTransition',
  };
  return transitions[`${from}>${to}`] ?? null;
}

/**
 * What the cart page tells its delivery dialog about one line (in the trigger's data-delivery): enough to
 * offer its choices and to change it, nothing the shopper cannot already see on the page.
 */
export interface CartLineDelivery {
  basketId: string;
  itemId: string;
  name: string;
  variantId: string;
  qty: number;
  selected: DeliveryCode;
  /** Each choice with its price as the page shows it (formatted there, so the dialog carries no money code). */
  options: { code: DeliveryCode; label: string; price: string; deliveryTime: string }[];
  store: { id: string; name: string; city: string } | null;
}
