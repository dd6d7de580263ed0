// The profile update (account-content §3, §5): every field optional, each with the sign-up form's rule,
// and at least one of them sent. The account page's forms and the API read the same schema.

import * as v from 'valibot';
import { isInterest } from '../account/interests.ts';
import { SIGN_UP_RULES } from '../account/sign-up-rules.ts';
import { PHONE_MESSAGE } from '../locale/phone.ts';
import type { SiteId } from '../locale/sites.ts';
import type { Address } from './address.ts';
import { messages } from './messages.ts';
import {
  birthDateSchema,
  dateFormatOf,
  GenderSchema,
  latestBirthDate,
  NameSchema,
  PostalCodeSchema,
  parseFormDate,
  phoneSchema,
  SignUpEmail,
} from './sign-up.ts';

export const INTERESTS_MESSAGE = 'Choose interests from the list.';
export const SHOE_SIZE_MESSAGE = 'Choose a size from the list.';
export const EMPTY_UPDATE_MESSAGE = 'Send at least one field to update.';

/** US, UK and EU shoe sizes, whole and half: 1 to 50. */
const SHOE_SIZE = /^(?:[1-9]|[1-4]\d|50)(?:\.5)?$/;

export function profileUpdateSchema(siteId: SiteId, today: Date) {
  return v.object({
    consumerProfile: v.object({
      consumerDetails: v.optional(
        v.object({
          firstName: v.optional(NameSchema),
          lastName: v.optional(NameSchema),
          email: v.optional(SignUpEmail),
          /** Changing the email asks for the password again. */
          currentPassword: v.optional(v.pipe(v.string(), v.maxLength(200, messages.maxLength(200)))),
          phone: v.optional(v.union([v.literal(''), phoneSchema(siteId)], PHONE_MESSAGE)),
          birthDate: v.optional(v.union([v.literal(''), birthDateSchema(siteId, today)])),
          gender: v.optional(GenderSchema),
          postalCode: PostalCodeSchema,
        }),
      ),
      preferences: v.optional(
        v.object({
          interests: v.optional(
            v.pipe(
              v.string(),
              v.maxLength(400),
              v.check((value) => value === '' || value.split('|').every(isInterest), INTERESTS_MESSAGE),
            ),
          ),
          preferredShoeSize: v.optional(v.nullable(v.union([v.literal(''), v.pipe(v.string(), v.regex(SHOE_SIZE, SHOE_SIZE_MESSAGE))], SHOE_SIZE_MESSAGE))),
        }),
      ),
      subscriptions: v.optional(
        v.pipe(
          v.object({
            loyaltyEnrollment: v.optional(v.boolean()),
            loyaltyConsent: v.optional(v.boolean()),
            loyaltyNewsletterConsent: v.optional(v.boolean()),
            newsletterConsent: v.optional(v.boolean()),
            smsNotificationConsent: v.optional(v.boolean()),
          }),
          // Joining the loyalty programme means accepting its terms (commerce-core §4).
          v.forward(
            v.check((input) => !input.loyaltyEnrollment || input.loyaltyConsent === true, messages.required),
            ['loyaltyConsent'],
          ),
        ),
      ),
      isEmployeeDiscountTCAccepted: v.optional(v.literal(true, 'The terms can be accepted, not withdrawn.')),
    }),
  });
}

export type ProfileUpdate = v.InferOutput<ReturnType<typeof profileUpdateSchema>>['consumerProfile'];

/**
 * The birth-date answers the catalogue names (commerce-core §8): too young is PRO410, clearing a date
 * the site requires is PRO411. Anything else wrong with the date is the schema's to say.
 */
export function birthDateCode(siteId: SiteId, today: Date, value: unknown): 'PRO410' | 'PRO411' | null {
  if (value === '' && SIGN_UP_RULES[siteId].birthDateRequired) return 'PRO411';
  if (typeof value !== 'string' || value === '') return null;
  const date = parseFormDate(value, dateFormatOf(siteId));
  return date && date > latestBirthDate(today, SIGN_UP_RULES[siteId].minimumAge) ? 'PRO410' : null;
}

/** §5: an update is sent only when at least one field has a value. */
export function hasChanges(update: ProfileUpdate): boolean {
  const defined = (group: object | undefined) => Object.entries(group ?? {}).some(([key, value]) => key !== 'currentPassword' && value !== undefined);
  return defined(update.consumerDetails) || defined(update.preferences) || defined(update.subscriptions) || update.isEmployeeDiscountTCAccepted === true;
}

/** An address of the book as the profile lists it (account-content §3 Address). */
export type ProfileAddress = Address & { id: string; addressId: string; approachType: 'S' | 'B'; main: boolean };

/** The consumer profile as the API answers it (account-content §3); spend figures only for the roles that have them. */
export interface ConsumerProfile {
  consumerNo: string;
  consumerType: string;
  consumerDetails: {
    email: string;
    phone: string | null;
    phoneCode: string | null;
    firstName: string | null;
    lastName: string | null;
    postalCode: string | null;
    birthDate: string | null;
    gender: string | null;
    addresses: ProfileAddress[];
    identities: { type: string }[];
    athlete?: { currentSpend: number; annualCredit: number };
    employee?: { currentSpend: number; annualCap: number };
    prosumer?: { currentSpend: number; annualCredit: number };
  };
  isLoyaltyMember: boolean;
  memberId: string | null;
  loyaltyOptInDate: string | null;
  loyaltySummary?: { points: { balance: number } };
  preferences: { interests: string; preferredShoeSize: string | null };
  subscriptions: { type: string; channel: string; optin: boolean; doubleOptin: boolean }[];
  isEmployeeDiscountTCAccepted?: boolean;
}
