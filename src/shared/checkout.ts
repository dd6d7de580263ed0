// What the checkout page and its island share: the island's props, the card fields' configuration.

import type { CheckoutStep } from './routes.ts';

/** What the island needs to mount the processor's card fields. */
export type CardFieldsConfig = { provider: 'sandbox'; origin: string } | { provider: 'stripe'; publishableKey: string };

export interface CheckoutAddress {
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  postalCode: string;
  province: string;
  countryCode: string;
  phone: string;
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
  provinces: Record<string, string[]>;
  shippingAddress: CheckoutAddress | null;
  billingAddress: CheckoutAddress | null;
  savedAddresses: { addressId: string; address: CheckoutAddress }[];
  savedCards: CheckoutSavedCard[];
  payment: { method: string; card?: { brand: string; last4: string; expMonth: number; expYear: number }; savedCardId?: string } | null;
  cardFields: CardFieldsConfig;
  wallets: ('PAYPAL' | 'KLARNA')[];
  /** Gift cards and points may already pay it all: then no card is asked for. */
  remainingToPay: number;
  currency: string;
  checkoutStatus: 'EXPRESS' | null;
  /** A refusal to say at the top when the page opens (a wallet that came back declined). */
  notice: string | null;
}
