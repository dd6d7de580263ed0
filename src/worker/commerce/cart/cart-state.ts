// The basket as the Cart Durable Object (cart-object.ts) keeps and answers it: its owner, lines, coupons,
// payment instruments and checkout facts, and why a call may be refused. Plain data, shared with the service.

export interface CartOwner {
  /** A guest's basket belongs to the session's anonymous id; a registered shopper's to the consumer. */
  usid: string;
  consumerNo?: string;
  siteId: string;
  currency: string;
}

/** Who is asking: the session's usid, and its consumer when signed in. */
export interface CartCaller {
  usid: string;
  consumerNo?: string | undefined;
  /** The request's correlation id: the object's log lines carry it, so one checkout call reads as one story. */
  correlationId?: string | undefined;
}

/** A line brought in from another basket (sign-in merges the guest's), with its limits now. */
export interface MergeLine {
  variantId: string;
  productId: string;
  gift: GiftOption | null;
  recipeId: string | null;
  qty: number;
  maxQty: number;
  stock: number;
  /** The store the guest's line was to be picked up at; null for home delivery. */
  storeId: string | null;
}

/** What a merge did, for the owner's notices: lines added to, guest units stock could not take, lines that kept their own store. */
export interface MergeOutcome {
  merged: boolean;
  outOfStock: boolean;
  storeChanged: string[];
}

/** A digital gift card's recipient and message (commerce-core §3, giftOption): all three or none. */
export interface GiftOption {
  to: string;
  email: string;
  message: string;
}

export interface StoredLine {
  id: string;
  variantId: string;
  productId: string;
  qty: number;
  addedAt: string;
  /** A gift card sent to someone: one line per variant and recipient. */
  gift: GiftOption | null;
  /** A pair made to order to this design (customs/recipes.ts): one line per variant and design. */
  recipeId: string | null;
}

/** A payment instrument applied to the basket: a gift card, by its id in D1 (never its number). */
export type InstrumentMethod = 'GIFT_CERTIFICATE' | 'REWARD_CODE' | 'REWARD_CARD';

export interface StoredInstrument {
  id: string;
  /** A gift card, or a loyalty member's reward code or reward card (stored value of the same kind). */
  method: InstrumentMethod;
  cardId: string;
  last4: string;
  addedAt: string;
}

/** A store associate's price adjustment on one line: an amount (minor units) or a percent off, and why. */
export interface StoredAdjustment {
  id: string;
  lineId: string;
  kind: 'amount' | 'percent';
  value: number;
  reason: string;
  storeId: string;
  employeeId: string;
  createdAt: string;
}

/**
 * How the rest is paid, once gift cards and rewards have done their part: a card by the processor's token
 * (and what the shopper recognises it by, never its number), or a redirect wallet.
 */
export type BasketPayment =
  | {
      method: 'CREDIT_CARD';
      token: string;
      card: { brand: string; last4: string; bin: string; expMonth: number; expYear: number };
      /** A registered shopper's saved card, and the security code asked again for it. */
      savedCardId?: string;
      cvcToken?: string;
      /** Keep it on the account after the order. */
      save?: boolean;
    }
  | { method: 'PAYPAL' | 'KLARNA'; walletSession?: string }
  /** Apple Pay: chosen at merchant validation, then the processor's token for the payment the device authorized. */
  | {
      method: 'DW_APPLE_PAY';
      /** The store's payment session for the sheet: the basket, amount and currency it was shown for. */
      session?: string;
      token?: string;
      card?: { brand: string; last4: string; bin: string; expMonth: number; expYear: number };
    };

/**
 * What the review step last showed for this basket: the total, what is left to pay after gift cards, rewards
 * and points, and what each of those pays. An order placed from the basket pays exactly this or is refused.
 */
export interface ReviewQuote {
  currency: string;
  total: number;
  remainingToPay: number;
  /** Each tender paying before the card or wallet, by what it spends (a gift card's id, or its method). */
  tenders: { method: string; ref: string; amount: number }[];
  /** The coupon codes that took something off. */
  coupons: string[];
}

/**
 * The home shipment's method as chosen: by the shopper (shopperApplied true, or absent on baskets chosen for before the
 * flag existed), or by the store or a client on the shopper's behalf (false), then only for the cart of `basis`.
 */
export interface HomeShipping {
  code: string;
  pointId?: string;
  shopperApplied?: boolean;
  basis?: string;
}

/** An order being placed from this basket: a second submit, tab or retry joins it instead of starting another. */
export interface PlacingOrder {
  orderNumber: string;
  startedAt: string;
}

export interface PickupContacts {
  collectionPoint?: { contactName: string; mobilePhone: string; email: string } | undefined;
  storePickup?: { email: string } | undefined;
}

export interface CartState {
  basketId: string;
  owner: CartOwner;
  lines: StoredLine[];
  coupons: string[];
  instruments: StoredInstrument[];
  adjustments: StoredAdjustment[];
  /** The loyalty voucher applied (points to spend, minor units off), if any. */
  reward: { points: number; amount: number } | null;
  /** An athlete pays with their yearly allowance first (its amount is worked out on each answer). */
  athletePayment: boolean;
  /** Per line: the store it is picked up at (none: delivered), and the delivery it had when last answered. */
  deliveries: Record<string, { storeId: string | null; lastCode: string | null }>;
  /** The home delivery shipment's method ("standard", "express", or "pudo" to a pickup point), and who chose it (shipment-choice.ts). */
  shipping: HomeShipping;
  shippingAddress: Record<string, string | boolean> | null;
  /** Where the cart estimates delivery and tax before there is a delivery address: country, postal code, state. */
  deliveryEstimate: Record<string, string> | null;
  billingAddress: Record<string, string | boolean> | null;
  payment: BasketPayment | null;
  /** The guest's email for the order (a registered shopper's is on the account). */
  email: string | null;
  /** Who collects a parcel at a pickup point, and where a store pickup's ready notice goes, where the locale asks. */
  pickupContacts: PickupContacts | null;
  placing: PlacingOrder | null;
  /** What the review step showed, if the basket has been reviewed since it last changed hands. */
  quote: ReviewQuote | null;
  createdAt: string;
  updatedAt: string;
  /** Said once, on the next answer: "items were merged". */
  notices: string[];
}

/** Why a call was refused: the service turns each into its catalogue code. */
export type CartRefusal =
  | 'missing'
  | 'foreign'
  | 'max-quantity'
  | 'out-of-stock'
  | 'no-line'
  | 'no-coupon'
  | 'instrument-applied'
  | 'instrument-limit'
  | 'reward-limit'
  | 'no-instrument'
  | 'no-adjustment';

export type CartAnswer = { ok: true; state: CartState } | { ok: false; refusal: CartRefusal; state?: CartState };

export interface AddLine {
  variantId: string;
  productId: string;
  gift?: GiftOption | null;
  recipeId?: string | null;
  qty: number;
  /** The most of this variant one basket may hold, and what is in stock now. */
  maxQty: number;
  stock: number;
}
