// A basket's delivery and billing: the delivery address and its rules (the site's countries, a phone, no PO box,
// the state its postal code is in), the cart's estimate of where it goes, the billing address (billing.ts) and who
// collects a parcel. The same rules check an address-book entry meant for delivery. A shipment's method is
// shipping-method.ts's.

import * as v from 'valibot';
import type { ErrorDetail } from '../../../shared/errors.ts';
import { formatPhone } from '../../../shared/locale/phone.ts';
import { provinceOfPostalCode, provincesOf } from '../../../shared/locale/provinces.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import {
  type Address,
  AddressSchema,
  ApplePayAddressSchema,
  BillingAddressSchema,
  DeliveryEstimateSchema,
  PO_BOX,
  pickupContactsSchema,
} from '../../../shared/schema/address.ts';
import { SignUpEmail } from '../../../shared/schema/sign-up.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import { recordCartStep } from '../../observe/funnel.ts';
import type { CookieChange, ServiceDeps, Shopper } from '../call.ts';
import { billingFollowing, billingInput } from './billing.ts';
import { type BasketChange, callerOf } from './caller.ts';
import { pricedCart } from './priced-cart.ts';
import { type CartEntity, cartStub, throwRefusal } from './service.ts';
import { expressReachesCart, homeMethodOf, storeChoice } from './shipment-choice.ts';

/**
 * Where an address comes from (commerce-core §7 shippingAddress, query context): the checkout's delivery form, or
 * an express wallet's sheet (Apple Pay, PayPal; from the cart or a product page), whose address is taken by the
 * wallet's rules and is where the parcel goes: a pickup point gives way to delivery at that address.
 */
export type AddressSource = 'checkout' | 'wallet';

/**
 * A delivery address: valid for its country, a country the site delivers to (CHK380), with a phone
 * (SHP410) and not a PO box (SHP500). Answers the priced cart, whether the address moved its tax (TAX310), whether
 * an express delivery it cannot reach went standard, and whether a pickup point gave way to it (a wallet's).
 */
export async function setShippingAddress(
  deps: ServiceDeps,
  shopper: Shopper,
  locale: Locale,
  basketId: string,
  input: unknown,
  /** An Apple Pay address takes a longer city (commerce-core §9); every other rule is the same. */
  schema: typeof AddressSchema | typeof ApplePayAddressSchema = AddressSchema,
  source: AddressSource = 'checkout',
): Promise<{ cart: CartEntity; cookies: CookieChange[]; taxMoved: boolean; downgraded: boolean; pointReplaced: boolean }> {
  const caller = callerOf(shopper);
  const stub = cartStub(deps.env, basketId);
  const before = await stub.read(caller);
  if (!before.ok) throwRefusal(before);
  const address = parseAddress(source === 'wallet' ? ApplePayAddressSchema : schema, input);
  checkDeliveryAddress(locale, address);
  // A guest's email for the order may come with the delivery address (checkout's first step).
  const email = input && typeof input === 'object' && 'email' in input ? parseOrThrow(v.object({ email: SignUpEmail }), { email: input.email }).email : null;
  if (email) await stub.setEmail(caller, email);
  const pricedBefore = await pricedCart(deps, shopper, locale, { result: before });
  const taxBefore = pricedBefore.cart.totals.tax;
  const methodBefore = homeMethodOf(before.state, locale.site.id);
  let result = await stub.setAddress(caller, 'shippingAddress', address);
  const next = { ...before.state, shippingAddress: address };
  // Express does not reach this address: the shipment goes standard, and the shopper is told (OrderShippingMethodDowngraded).
  const downgraded = methodBefore === 'express' && !expressReachesCart(next, locale.site.id);
  const pointReplaced = source === 'wallet' && methodBefore === 'pudo';
  if (downgraded || pointReplaced) result = await stub.setShipping(caller, storeChoice(next, locale.site.id));
  // A billing address "the same as" a shipment's follows it.
  const following = result.ok ? billingFollowing(result.state, address) : null;
  if (following) result = await stub.setAddress(caller, 'billingAddress', following);
  await recordCartStep(deps, shopper, result, 'shipping_address', locale.code);
  const { cart, cookies } = await pricedCart(deps, shopper, locale, { result });
  return { cart, cookies: [...pricedBefore.cookies, ...cookies], taxMoved: cart.totals.tax !== taxBefore, downgraded, pointReplaced };
}

/**
 * The cart's estimate of where it goes (the cart page's context): a country the site delivers to, a postal code
 * and the state it is in, no more. It prices the tax and tells which methods reach; it is no delivery address.
 */
export async function setDeliveryEstimate(deps: ServiceDeps, shopper: Shopper, locale: Locale, basketId: string, input: unknown): Promise<BasketChange> {
  const caller = callerOf(shopper);
  const given = parseAddress(DeliveryEstimateSchema, input);
  // A ZIP code or a Canadian postal code tells its state or province: the estimate need not name it.
  const estimate = { ...given, province: given.province || (provinceOfPostalCode(given.countryCode, given.postalCode) ?? '') };
  checkDestination(locale, estimate);
  return { result: await cartStub(deps.env, basketId).setAddress(caller, 'deliveryEstimate', estimate) };
}

/** An address as its rules write it; a field they refuse is an invalid address (CHK320), said at that field. */
export function parseAddress<S extends typeof AddressSchema | typeof BillingAddressSchema | typeof ApplePayAddressSchema | typeof DeliveryEstimateSchema>(
  schema: S,
  input: unknown,
): v.InferOutput<S> {
  try {
    return parseOrThrow(schema, input);
  } catch (error) {
    if (error instanceof HttpError && error.code === 'API400' && error.details?.some((detail) => detail.field)) {
      throw new HttpError('CHK320', error.message, error.details);
    }
    throw error;
  }
}

/**
 * What an address validation would change (commerce-core §5, CHK320 with a suggested correction): a state or
 * province the postal code does not belong to. A delivery address is refused with it (checkDeliveryAddress):
 * the state decides the sales tax, so the shopper cannot keep one their postal code is not in.
 */
export function addressCorrections(address: Pick<Address, 'countryCode' | 'postalCode' | 'province'>): ErrorDetail[] {
  const expected = provinceOfPostalCode(address.countryCode, address.postalCode);
  if (!expected || expected === address.province) return [];
  const name = provincesOf(address.countryCode)?.[expected] ?? expected;
  return [{ field: 'province', message: `Postal code ${address.postalCode} is in ${name}.`, suggestion: expected }];
}

/** Countries whose sales tax is the state's or province's, told by the postal code (shared/locale/provinces.ts). */
const TAXED_BY_STATE = new Set(['US', 'CA']);

/** Where a parcel may go: the site's countries, and in the US and Canada the state or province its postal code is in (the tax is that state's). */
export function checkDestination(locale: Locale, address: Pick<Address, 'countryCode' | 'postalCode' | 'province'>): void {
  if (!locale.site.countries.includes(address.countryCode)) {
    throw new HttpError('CHK380', undefined, [{ field: 'countryCode', message: 'We do not deliver to this country from this site.' }]);
  }
  if (TAXED_BY_STATE.has(address.countryCode)) {
    const expected = provinceOfPostalCode(address.countryCode, address.postalCode);
    if (!expected || !provincesOf(address.countryCode)?.[expected]) {
      const message = `Postal code ${address.postalCode} is not in a ${address.countryCode === 'CA' ? 'province' : 'state'} we deliver to.`;
      throw new HttpError('CHK320', message, [{ field: 'postalCode', message }]);
    }
    const corrections = addressCorrections(address);
    if (corrections.length > 0) throw new HttpError('CHK320', corrections[0]?.message, corrections);
  }
}

/** The rules of a delivery address beyond its form: where it is (checkDestination), a phone, a street. */
export function checkDeliveryAddress(locale: Locale, address: Address): void {
  checkDestination(locale, address);
  if (!address.phone) throw new HttpError('SHP410', undefined, [{ field: 'phone', message: 'A phone number is needed for delivery.' }]);
  if (PO_BOX.test(`${address.addressLine1} ${address.addressLine2}`)) {
    throw new HttpError('SHP500', undefined, [{ field: 'addressLine1', message: 'We cannot deliver to a PO box. Please enter a street address.' }]);
  }
}

/**
 * A billing address with its email (BIL400 when none is given, BILL410 without a phone): typed, or named by a
 * shipment or an address-book entry of the shopper's (billing.ts).
 */
export async function setBillingAddress(
  deps: ServiceDeps,
  shopper: Shopper,
  basketId: string,
  input: unknown,
  schema: typeof BillingAddressSchema | typeof ApplePayAddressSchema = BillingAddressSchema,
): Promise<BasketChange> {
  const caller = callerOf(shopper);
  if (input === null || typeof input !== 'object' || Object.keys(input).length === 0) throw new HttpError('BIL400');
  const stub = cartStub(deps.env, basketId);
  const current = await stub.read(caller);
  if (!current.ok) throwRefusal(current);
  const address = parseAddress(schema, await billingInput(deps.env.DB, caller, current.state, input as Record<string, unknown>));
  if (!address.phone) throw new HttpError('BILL410', undefined, [{ field: 'phone', message: 'The billing phone number is missing.' }]);
  const result = await stub.setAddress(caller, 'billingAddress', address);
  await recordCartStep(deps, shopper, result, 'billing_address');
  return { result };
}

/** Who collects a parcel at a pickup point, or the email of a store pickup's notice (where the locale asks); the phone written as its country's. */
export async function setPickupContacts(deps: ServiceDeps, shopper: Shopper, locale: Locale, basketId: string, input: unknown): Promise<BasketChange> {
  const caller = callerOf(shopper);
  const stub = cartStub(deps.env, basketId);
  const current = await stub.read(caller);
  if (!current.ok) throwRefusal(current);
  const country = locale.site.countries[0] ?? '';
  const given = parseOrThrow(pickupContactsSchema(country), input);
  const point = given.collectionPoint;
  return {
    result: await stub.setPickupContacts(caller, {
      ...current.state.pickupContacts,
      ...(point ? { collectionPoint: { ...point, mobilePhone: formatPhone(point.mobilePhone, country) ?? point.mobilePhone } } : {}),
      ...(given.storePickup ? { storePickup: given.storePickup } : {}),
    }),
  };
}

export async function clearAddress(deps: ServiceDeps, shopper: Shopper, basketId: string, kind: 'shippingAddress' | 'billingAddress'): Promise<BasketChange> {
  return { result: await cartStub(deps.env, basketId).setAddress(callerOf(shopper), kind, null) };
}
