// Shipping and billing addresses (commerce-core §3, §5): one schema for the API and the checkout forms.
// Names follow the sign-up rule; the postal code and phone follow the country; the country must be one
// the site ships to (checked by the caller, which knows the site).

import * as v from 'valibot';
import { conformPostalCode, findCountry } from '../locale/countries.ts';
import { isValidPhone, PHONE_MESSAGE } from '../locale/phone.ts';
import { findProvince, provincesOf } from '../locale/provinces.ts';
import { capitalize } from '../locale/text-case.ts';
import { messages } from './messages.ts';
import { NameSchema, SignUpEmail } from './sign-up.ts';

const filled = (max: number) =>
  v.pipe(v.optional(v.string(messages.required), ''), v.trim(), v.nonEmpty(messages.required), v.maxLength(max, messages.maxLength(max)));

/** "PO Box", "P.O. Box", "Post Office Box": a carrier cannot deliver a parcel there (SHP500). */
export const PO_BOX = /\b(p\.?\s*o\.?\s*box|post\s+office\s+box)\b/i;

/** Lengths a carrier's label takes (commerce-core §9): the same figures the address rules serve to the forms. */
export const ADDRESS_LIMITS = { addressLine: 30, city: 30, postalCode: 12 } as const;

const addressFields = {
  firstName: NameSchema,
  lastName: NameSchema,
  addressLine1: filled(ADDRESS_LIMITS.addressLine),
  addressLine2: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(ADDRESS_LIMITS.addressLine, messages.maxLength(ADDRESS_LIMITS.addressLine))), ''),
  city: filled(ADDRESS_LIMITS.city),
  postalCode: v.pipe(filled(12), v.toUpperCase()),
  // A name is taken ("Ontario") and written as its code by the rules below.
  province: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, messages.maxLength(40))), ''),
  countryCode: v.pipe(filled(2), v.toUpperCase()),
  phone: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20, messages.maxLength(20))), ''),
  // The dial code is the country's (account-content §3): one sent must agree with it, and the answer always names it.
  phoneCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(5, messages.maxLength(5))), ''),
  // Someone to call at the door when the parcel is for another person: a number of the same country.
  recipientContactPhone: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20, messages.maxLength(20))), ''),
};

type AddressShape = {
  countryCode: string;
  postalCode: string;
  province: string;
  phone: string;
  phoneCode: string;
  recipientContactPhone: string;
  firstName: string;
  lastName: string;
  city: string;
};

/** "+1" for US and CA addresses; '' for a country the store does not know (refused by the caller). */
export function phoneCodeOf(countryCode: string): string {
  const country = findCountry(countryCode);
  return country ? `+${country.dialCode}` : '';
}

/** What the rules write for the shopper (commerce-core §5 transforms): capitals, the postal code's mask, a province's code for its name. */
function conform<A extends AddressShape>(address: A): A {
  return {
    ...address,
    firstName: capitalize(address.firstName),
    lastName: capitalize(address.lastName),
    city: capitalize(address.city),
    postalCode: conformPostalCode(address.countryCode, address.postalCode),
    province: findProvince(address.countryCode, address.province) ?? address.province.toUpperCase(),
    phoneCode: address.phone || address.recipientContactPhone ? phoneCodeOf(address.countryCode) : '',
  };
}

const sameDialCode = (given: string, countryCode: string) => given === '' || given.replace(/^\+?/, '+') === phoneCodeOf(countryCode);

/** The rules across fields, each said at its field: the postal code and phone of the country, the province where one is needed. */
function withAddressRules<T extends v.GenericSchema<unknown, AddressShape>>(schema: T): v.GenericSchema<v.InferInput<T>, v.InferOutput<T>> {
  return v.pipe(
    schema,
    v.forward(
      v.check((a: AddressShape) => sameDialCode(a.phoneCode, a.countryCode), 'The phone code must be the address country’s.'),
      ['phoneCode'] as never,
    ),
    v.transform(conform),
    v.forward(
      v.check((a: AddressShape) => {
        const pattern = findCountry(a.countryCode)?.postalCode;
        return !pattern || new RegExp(pattern, 'i').test(a.postalCode);
      }, 'Postal code is not valid'),
      ['postalCode'] as never,
    ),
    v.forward(
      v.check((a: AddressShape) => {
        const provinces = provincesOf(a.countryCode);
        return !provinces || a.province !== '';
      }, messages.required),
      ['province'] as never,
    ),
    v.forward(
      v.check((a: AddressShape) => {
        const provinces = provincesOf(a.countryCode);
        return !provinces || a.province === '' || a.province in provinces;
      }, 'Choose a state or province from the list.'),
      ['province'] as never,
    ),
    v.forward(
      v.check((a: AddressShape) => a.phone === '' || isValidPhone(a.phone, a.countryCode), PHONE_MESSAGE),
      ['phone'] as never,
    ),
    v.forward(
      v.check((a: AddressShape) => a.recipientContactPhone === '' || isValidPhone(a.recipientContactPhone, a.countryCode), PHONE_MESSAGE),
      ['recipientContactPhone'] as never,
    ),
  );
}

export const AddressSchema = withAddressRules(v.object(addressFields));

export type Address = v.InferOutput<typeof AddressSchema>;

/**
 * A billing address (commerce-core §3): the address, its email and the newsletter wish, and where it was taken
 * from when the call named it (the cart's billing.ts resolves shippingId and addressId into the fields first).
 */
export const BillingAddressSchema = withAddressRules(
  v.object({
    ...addressFields,
    email: SignUpEmail,
    newsletterConsent: v.optional(v.boolean('newsletterConsent is true or false.'), false),
    shippingId: v.optional(v.string()),
    addressId: v.optional(v.string()),
  }),
);

export type BillingAddress = v.InferOutput<typeof BillingAddressSchema>;

/** An Apple Pay address (commerce-core §3): the wallet's city may run to 50 characters (§9), the rest as any address. */
export const ApplePayAddressSchema = withAddressRules(
  v.object({ ...addressFields, city: filled(50), email: v.optional(SignUpEmail), newsletterConsent: v.optional(v.boolean(), false) }),
);

/**
 * Where the cart estimates delivery and tax before there is a delivery address (the cart page's context of
 * commerce-core §7 shippingAddress): a country, its postal code written as the country writes it, and the state or
 * province (its code for its name; the caller checks it is the postal code's).
 */
export const DeliveryEstimateSchema = v.pipe(
  v.object({ countryCode: addressFields.countryCode, postalCode: addressFields.postalCode, province: addressFields.province }),
  v.transform((where) => ({
    countryCode: where.countryCode,
    postalCode: conformPostalCode(where.countryCode, where.postalCode),
    province: findProvince(where.countryCode, where.province) ?? where.province.toUpperCase(),
  })),
  v.forward(
    v.check((where) => {
      const pattern = findCountry(where.countryCode)?.postalCode;
      return !pattern || new RegExp(pattern, 'i').test(where.postalCode);
    }, 'Postal code is not valid'),
    ['postalCode'],
  ),
);

/**
 * Who collects a parcel at a pickup point, and the email a store pickup's ready notice goes to (commerce-core
 * §5), where the locale asks for them. The mobile phone is one of the delivery country's.
 */
export function pickupContactsSchema(countryCode: string) {
  return v.object({
    collectionPoint: v.optional(
      v.object({
        contactName: NameSchema,
        mobilePhone: v.pipe(
          v.optional(v.string(messages.required), ''),
          v.trim(),
          v.nonEmpty(messages.required),
          v.check((phone) => isValidPhone(phone, countryCode), PHONE_MESSAGE),
        ),
        email: SignUpEmail,
      }),
    ),
    storePickup: v.optional(v.object({ email: SignUpEmail })),
  });
}
