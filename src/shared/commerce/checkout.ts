// What the checkout page and its island share: the island's props, the card fields' configuration.

// The island imports this module and nothing heavier: the checkout's paths live here, not in routes.ts.

/** Checkout step values (commerce-core §2). */
export const CHECKOUT_STEPS = ['shipping', 'billing', 'summary'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const checkoutPath = (locale: string, step?: CheckoutStep) => (step ? `/${locale}/checkout?step=${step}` : `/${locale}/checkout`);

/** A guest opens their order with its access token; the session that placed it needs none. */
export const orderConfirmationPath = (locale: string, orderNumber: string, st?: string, storeContext?: string) =>
  `/${locale}/order-confirmation?orderNo=${encodeURIComponent(orderNumber)}${st ? `&st=${encodeURIComponent(st)}` : ''}${storeContext ? `&storeContext=${storeContext}` : ''}`;

/** Where a redirect wallet sends the shopper back: a GET, as a cross-site return must be (ARCHITECTURE.md). */
export const WALLET_RETURN_PATH = (locale: string) => `/${locale}/checkout/wallet-return`;

/** What the island needs to mount the processor's card fields: the store's processor's page (under /p/ in its production lane), or Stripe's key. */
export type CardFieldsConfig = { provider: 'sandbox'; fieldsUrl: string } | { provider: 'stripe'; publishableKey: string };

// A type, not an interface: it is a request body, and only a type gets the index signature a JSON body's schema asks of it.
export type CheckoutAddress = {
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  postalCode: string;
  province: string;
  countryCode: string;
  phone: string;
};

/** What an address form applies of a country's rules; the API checks them all again. */
export interface AddressFormRules {
  /** The longest value each field takes. */
  max: Partial<Record<keyof CheckoutAddress, number>>;
  /** The states or provinces to choose from, where the country's addresses name one. */
  provinces?: { value: string; label: string }[];
  /** Written for the shopper on leaving the field. */
  transforms: Partial<Record<keyof CheckoutAddress, 'capitalize' | 'uppercase'>>;
}

export interface CheckoutSavedCard {
  paymentInstrumentId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  main: boolean;
}

export interface CheckoutProps {
  basketId: string;
  step: CheckoutStep;
  /** A registered shopper's email is on the account; a guest gives one. */
  guest: boolean;
  email: string;
  /** Something is delivered home (or to a pickup point), so a delivery address is asked for. */
  needsAddress: boolean;
  countries: string[];
  /** Each country's address rules, as the API serves them (commerce-core §5). */
  addressRules: Record<string, AddressFormRules>;
  shippingAddress: CheckoutAddress | null;
  billingAddress: CheckoutAddress | null;
  /** The pickup point the parcel goes to, as the shopper chose it in the cart ("Name, street, city"). */
  pickupPoint: string | null;
  savedAddresses: { addressId: string; address: CheckoutAddress }[];
  savedCards: CheckoutSavedCard[];
  payment: { method: string; card?: { brand: string; last4: string; expMonth: number; expYear: number }; savedCardId?: string; cvcGiven?: boolean } | null;
  cardFields: CardFieldsConfig;
  /** Turnstile's site key where the bot check is on: a card order carries its token (commerce-core §5). */
  botSiteKey: string | null;
  /** Apple Pay is listed where the processor takes it; the island shows it only on a device that has it. */
  wallets: ('PAYPAL' | 'KLARNA' | 'DW_APPLE_PAY')[];
  /** Gift cards and points may already pay it all: then no card is asked for. */
  remainingToPay: number;
  /** The same, as the shopper reads it ("$225.00"): formatted by the server, so the island needs no money code. */
  remainingToPayText: string;
  currency: string;
  checkoutStatus: 'EXPRESS' | null;
  /**
   * Who collects what is picked up, where the locale asks (commerce-core §5): the fields each kind needs, with
   * what the cart has (or the order's name, phone and email to start from). Absent where nothing is asked.
   */
  pickupContacts: {
    collectionPoint?: { contactName: string; mobilePhone: string; email: string };
    storePickup?: { email: string };
  } | null;
  /** An athlete's yearly allowance, which may pay first: what is left of it, and whether it pays this order. */
  athlete: { remainingText: string; applied: boolean } | null;
  /** A refusal to say at the top when the page opens (a wallet that came back declined). */
  notice: string | null;
}
