// Shipping and billing addresses (commerce-core §3, §5): one schema for the API and the checkout forms.
// Names follow the sign-up rule; the postal code and phone follow the country; the country must be one
// the site ships to (checked by the caller, which knows the site).

import * as v from 'valibot';
import { findCountry } from '../countries.ts';
import { isValidPhone, PHONE_MESSAGE } from '../phone.ts';
import { messages } from './messages.ts';
import { NameSchema, SignUpEmail } from './sign-up.ts';

const filled = (max: number) =>
  v.pipe(v.optional(v.string(messages.required), ''), v.trim(), v.nonEmpty(messages.required), v.maxLength(max, messages.maxLength(max)));

/** US and Canadian addresses name their state or province, as its two-letter code. */
const NEEDS_PROVINCE = new Set(['US', 'CA']);
/** "PO Box", "P.O. Box", "Post Office Box": a carrier cannot deliver a parcel there (SHP500). */
export const PO_BOX = /\b(p\.?\s*o\.?\s*box|post\s+office\s+box)\b/i;

const addressFields = {
  firstName: NameSchema,
  lastName: NameSchema,
  addressLine1: filled(60),
  addressLine2: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, messages.maxLength(60))), ''),
  city: filled(40),
  postalCode: v.pipe(filled(12), v.toUpperCase()),
  province: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(3, messages.maxLength(3))), ''),
  countryCode: v.pipe(filled(2), v.toUpperCase()),
  phone: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20, messages.maxLength(20))), ''),
};

type AddressShape = { countryCode: string; postalCode: string; province: string; phone: string };

/** The rules across fields, each said at its field: the postal code and phone of the country, the province where one is needed. */
function withAddressRules<T extends v.GenericSchema<unknown, AddressShape>>(schema: T): v.GenericSchema<v.InferInput<T>, v.InferOutput<T>> {
  return v.pipe(
    schema,
    v.forward(
      v.check((a: AddressShape) => {
        const pattern = findCountry(a.countryCode)?.postalCode;
        return !pattern || new RegExp(pattern, 'i').test(a.postalCode);
      }, 'Postal code is not valid'),
      ['postalCode'] as never,
    ),
    v.forward(
      v.check((a: AddressShape) => !NEEDS_PROVINCE.has(a.countryCode) || /^[A-Z]{2}$/.test(a.province), messages.required),
      ['province'] as never,
    ),
    v.forward(
      v.check((a: AddressShape) => a.phone === '' || isValidPhone(a.phone, a.countryCode), PHONE_MESSAGE),
      ['phone'] as never,
    ),
  );
}

export const AddressSchema = withAddressRules(v.object(addressFields));

export type Address = v.InferOutput<typeof AddressSchema>;

export const BillingAddressSchema = withAddressRules(v.object({ ...addressFields, email: SignUpEmail, newsletterConsent: v.optional(v.boolean(), false) }));

export type BillingAddress = v.InferOutput<typeof BillingAddressSchema>;
