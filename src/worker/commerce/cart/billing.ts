// The billing address (commerce-core §3 Billing address): typed in full, or the same as one of the cart's
// shipments (shippingId, which it then follows), or an entry of the shopper's own address book (addressId);
// with its email, phone and newsletter wish (subscriptions.newsletterConsent, or the flat newsletterConsent
// of earlier clients). Its country's name is the answer's, in the call's language: never taken from the input.

import { countryName } from '../../../shared/locale/countries.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { CartCaller, CartState } from './cart-state.ts';
import { shipmentAddress } from './shipments.ts';

/** The fields a shipment or an address-book entry gives a billing address; the rest (email, phone, the wish) are the call's. */
const PLACE_FIELDS = ['firstName', 'lastName', 'addressLine1', 'addressLine2', 'city', 'postalCode', 'province', 'countryCode'] as const;

type Stored = NonNullable<CartState['billingAddress']>;

/** A billing address as the cart answers it: its country named in the call's language, the wish where the spec puts it. */
export interface BillingAnswer {
  [field: string]: string | boolean | { newsletterConsent: boolean };
  country: string;
  subscriptions: { newsletterConsent: boolean };
}

export function billingAnswer(billing: CartState['billingAddress'], locale: Locale): BillingAnswer | null {
  if (!billing) return null;
  return {
    ...billing,
    country: countryName(String(billing.countryCode ?? ''), locale.tag),
    subscriptions: { newsletterConsent: billing.newsletterConsent === true },
  };
}

const refused = (code: 'API400' | 'BIL400' | 'CCA401' | 'SHP404', field: string, message: string) => new HttpError(code, message, [{ field, message }]);

/** An entry of this shopper's address book; anyone else's, or a guest's guess, is unknown (CCA401), as the address book answers it. */
async function savedAddress(db: D1Database, caller: CartCaller, addressId: unknown): Promise<Record<string, unknown>> {
  const row =
    caller.consumerNo && typeof addressId === 'string'
      ? await db
          .prepare('SELECT address FROM consumer_addresses WHERE address_id = ?1 AND consumer_no = ?2')
          .bind(addressId, caller.consumerNo)
          .first<{ address: string }>()
      : null;
  if (!row) throw refused('CCA401', 'addressId', 'This address is not in your address book.');
  return JSON.parse(row.address) as Record<string, unknown>;
}

/** Where the billing address is, when the call names it by a shipment or a saved address rather than typing it. */
async function namedPlace(db: D1Database, caller: CartCaller, state: CartState, input: Record<string, unknown>): Promise<Record<string, unknown> | null> {
  const { shippingId, addressId } = input;
  if (shippingId !== undefined && addressId !== undefined) throw refused('API400', 'addressId', 'Give shippingId or addressId, not both.');
  if (shippingId !== undefined) {
    const address = typeof shippingId === 'string' ? shipmentAddress(state, shippingId) : undefined;
    if (address === undefined) throw refused('SHP404', 'shippingId', 'This cart has no such shipment.');
    if (!address) throw refused('BIL400', 'shippingId', 'This shipment has no delivery address yet.');
    return address;
  }
  return addressId !== undefined ? savedAddress(db, caller, addressId) : null;
}

/**
 * The call's billing address made whole before its rules check it: a named place's fields (typing them as well
 * is refused at the field, so nothing given is silently dropped), the phone and email the call gives or the
 * place and the basket have, and the newsletter wish, nested or flat (the two must agree).
 */
export async function billingInput(db: D1Database, caller: CartCaller, state: CartState, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { shippingId, addressId, subscriptions, newsletterConsent, country: _named, ...typed } = input;
  const wishes = subscriptions === undefined ? {} : subscriptions;
  if (
    wishes === null ||
    typeof wishes !== 'object' ||
    Object.entries(wishes).some(([key, value]) => key !== 'newsletterConsent' || typeof value !== 'boolean')
  ) {
    throw refused('API400', 'subscriptions.newsletterConsent', 'subscriptions holds newsletterConsent, true or false.');
  }
  const nested = (wishes as { newsletterConsent?: boolean }).newsletterConsent;
  if (nested !== undefined && newsletterConsent !== undefined && nested !== newsletterConsent) {
    throw refused('API400', 'subscriptions.newsletterConsent', 'subscriptions.newsletterConsent and newsletterConsent say different things.');
  }
  const wish = nested ?? newsletterConsent;
  const place = await namedPlace(db, caller, state, { shippingId, addressId });
  if (!place) return { ...typed, ...(wish !== undefined ? { newsletterConsent: wish } : {}) };
  const from = shippingId !== undefined ? 'shippingId' : 'addressId';
  const clash = PLACE_FIELDS.find((field) => typed[field] !== undefined);
  if (clash) throw refused('API400', clash, `This comes from the address ${from} names: leave it out.`);
  return {
    ...typed,
    ...Object.fromEntries(PLACE_FIELDS.map((field) => [field, place[field] ?? ''])),
    phone: typed.phone ?? place.phone ?? '',
    email: typed.email ?? state.email ?? undefined,
    ...(wish !== undefined ? { newsletterConsent: wish } : {}),
    ...(shippingId !== undefined ? { shippingId } : { addressId }),
  };
}

/** A billing address "the same as" a shipment's, moved to the shipment's new address; null when it follows none. */
export function billingFollowing(state: CartState, address: Record<string, string | boolean>): Stored | null {
  const billing = state.billingAddress;
  if (!billing || typeof billing.shippingId !== 'string') return null;
  return { ...billing, ...Object.fromEntries(PLACE_FIELDS.map((field) => [field, address[field] ?? ''])) };
}
