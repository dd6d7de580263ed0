// The sign-up form's rules (commerce-core §5), worded as the spec's validators: one schema for the API
// and the island. Dates follow the site's format, the minimum age its country's, from the server's
// today; the phone, the birth date and the SMS consent are required where the site says so.

import * as v from 'valibot';
import { SIGN_UP_RULES } from '../account/sign-up-rules.ts';
import { findCountry } from '../locale/countries.ts';
import { isDialCode, PHONE_CODE_MESSAGE, PHONE_MESSAGE, personalPhone, personalPhoneWithCode } from '../locale/phone.ts';
import { SITES, type SiteId } from '../locale/sites.ts';
import { EMAIL_MESSAGE } from './identity.ts';
import { messages } from './messages.ts';

export const PASSWORD_MESSAGES = {
  summary: 'Password does not meet requirements.',
  length: 'Password must contain at least 8 characters',
  number: 'Password must contain at least one number',
  upper: 'Password must contain at least one character in upper case',
  lower: 'Password must contain at least one character in lower case',
} as const;

export const NAME_MESSAGE = 'Name is not valid.';
export const GENDERS = ['female', 'male', 'non-binary', 'unspecified'] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Letters (accents included), white space and , . ' ` - */
const NAME = /^[\p{L}\p{M}\s,.'`-]+$/u;

/** A field the form must have: missing, empty or blank all read "This field is required". */
const filled = () => v.pipe(v.optional(v.string(messages.required), ''), v.trim(), v.nonEmpty(messages.required));

/** One message per field: the first rule it breaks. */
const first = <T extends v.GenericSchema>(schema: T) => v.config(schema, { abortPipeEarly: true });

const PASSWORD_RULES: readonly (readonly [(password: string) => boolean, string])[] = [
  [(password) => password.length >= 8, PASSWORD_MESSAGES.length],
  [(password) => password.length <= 200, messages.maxLength(200)],
  [(password) => /\d/.test(password), PASSWORD_MESSAGES.number],
  [(password) => /\p{Lu}/u.test(password), PASSWORD_MESSAGES.upper],
  [(password) => /\p{Ll}/u.test(password), PASSWORD_MESSAGES.lower],
];

/**
 * Every rule a password breaks is named, so a client can tick them off; an empty one is only "required". When
 * it breaks more than one, the validator's default, the summary, comes first: the form shows it at the field,
 * over the hint that lists the rules, rather than one rule of several.
 */
export const PasswordSchema = v.pipe(
  v.optional(v.string(messages.required), ''),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    if (dataset.value === '') return addIssue({ message: messages.required });
    const password = dataset.value;
    const broken = PASSWORD_RULES.filter(([holds]) => !holds(password));
    if (broken.length > 1) addIssue({ message: PASSWORD_MESSAGES.summary });
    for (const [, message] of broken) addIssue({ message });
  }),
);

export const NameSchema = first(v.pipe(filled(), v.minLength(2, messages.minLength(2)), v.maxLength(30, messages.maxLength(30)), v.regex(NAME, NAME_MESSAGE)));

export const SignUpEmail = first(v.pipe(filled(), v.maxLength(100, messages.maxLength(100)), v.regex(EMAIL, EMAIL_MESSAGE)));

/** "MM/DD/YYYY" or "DD/MM/YYYY" -> a real calendar date as YYYY-MM-DD, or null. */
export function parseFormDate(value: string, format: 'MM/DD/YYYY' | 'DD/MM/YYYY'): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!match) return null;
  const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const [month, day] = format === 'MM/DD/YYYY' ? [first, second] : [second, first];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** The latest birth date of someone `age` years old on `today` (YYYY-MM-DD). */
export function latestBirthDate(today: Date, age: number): string {
  const year = today.getUTCFullYear() - age;
  const month = today.getUTCMonth();
  // 29 February of a year without one: someone born on 28 February has had the birthday.
  const day = Math.min(today.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

/** The spec's default date (account-content §9), 01/01/1900: the earliest any date field of the store takes. */
export const DEFAULT_DATE = '1900-01-01';

/** The birth date as the site writes it, for someone old enough on `today`. */
export function birthDateSchema(siteId: SiteId, today: Date) {
  const rules = SIGN_UP_RULES[siteId];
  const format = dateFormatOf(siteId);
  const latest = latestBirthDate(today, rules.minimumAge);
  return first(
    v.pipe(
      filled(),
      v.check((value) => parseFormDate(value, format) !== null, `Date should match ${format} and be a valid date.`),
      v.check((value) => (parseFormDate(value, format) ?? '') <= latest, `You must be at least ${rules.minimumAge} years old.`),
      v.check((value) => (parseFormDate(value, format) ?? '') >= DEFAULT_DATE, 'Date should be after 1900.'),
    ),
  );
}

export function dateFormatOf(siteId: SiteId): 'MM/DD/YYYY' | 'DD/MM/YYYY' {
  return findCountry(SITES[siteId].countries[0])?.dateFormat ?? 'DD/MM/YYYY';
}

/** A phone number valid for the site's country. */
export function phoneSchema(siteId: SiteId) {
  const country = findCountry(SITES[siteId].countries[0]);
  return first(
    v.pipe(
      filled(),
      // A shopper's own number may be another country's, typed with its dial code (phone.ts personalPhone).
      v.check((value) => personalPhone(value, country?.code ?? '') !== null, PHONE_MESSAGE),
    ),
  );
}

/** A phone field: required where the site says so; whether it is a number is read with the phoneCode (signUpSchema). */
function phoneField(required: boolean) {
  return required ? filled() : v.optional(v.union([v.literal(''), filled()], PHONE_MESSAGE));
}

/** The dial code chosen beside the number (commerce-core §3, phoneCode): "+44". */
const PHONE_CODE_SHAPE = 'phoneCode is a country’s dial code, such as +44.';
const PhoneCodeSchema = v.optional(
  v.pipe(
    v.string(PHONE_CODE_SHAPE),
    v.check((code) => code === '' || isDialCode(code), PHONE_CODE_SHAPE),
  ),
);

export const GenderSchema = first(
  v.pipe(
    filled(),
    v.check((value) => (GENDERS as readonly string[]).includes(value), messages.required),
  ),
);

export const PostalCodeSchema = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(10, messages.maxLength(10))));

export function signUpSchema(siteId: SiteId, today: Date) {
  const rules = SIGN_UP_RULES[siteId];
  const format = dateFormatOf(siteId);
  const birthDate = birthDateSchema(siteId, today);
  const home = SITES[siteId].countries[0] ?? '';
  // A phoneCode that is no dial code is refused at its field already: no reading to add to it.
  const phoneReading = (input: { phone?: string; phoneCode?: string }) =>
    input.phone && (!input.phoneCode || isDialCode(input.phoneCode)) ? personalPhoneWithCode(input.phone, home, input.phoneCode || undefined) : null;
  const ticked = (message: string) =>
    v.pipe(
      v.optional(v.boolean(message), false),
      v.check((value) => value, message),
    );
  return v.pipe(
    v.object({
      firstName: NameSchema,
      lastName: NameSchema,
      email: SignUpEmail,
      password: PasswordSchema,
      birthDate: rules.birthDateRequired ? birthDate : v.optional(v.union([v.literal(''), birthDate], `Date should match ${format} and be a valid date.`)),
      phone: phoneField(rules.phoneRequired),
      phoneCode: PhoneCodeSchema,
      gender: GenderSchema,
      postalCode: PostalCodeSchema,
      // Two consents (commerce-core §3 brandTerms and policy): the brand's terms of use, and the privacy policy.
      isTermsConfirmed: ticked(messages.required),
      // Left out by an older client whose one box, worded for both, was isTermsConfirmed: that box stands for both.
      termsConditionsAndPolicy: v.optional(ticked(messages.required)),
      subscriptions: v.optional(
        v.object({
          newsletterConsent: v.optional(v.boolean()),
          loyaltyConsent: v.optional(v.boolean()),
          smsNotificationConsent: v.optional(v.boolean()),
          loyaltyEnrollment: v.optional(v.boolean()),
          loyaltyNewsletterConsent: v.optional(v.boolean()),
        }),
        {},
      ),
    }),
    // The number as read with the dial code beside it: one no country has at phone, a code it contradicts at phoneCode.
    v.forward(
      v.partialCheck([['phone'], ['phoneCode']], (input) => phoneReading(input) !== 'phone', PHONE_MESSAGE),
      ['phone'],
    ),
    v.forward(
      v.partialCheck([['phone'], ['phoneCode']], (input) => phoneReading(input) !== 'phoneCode', PHONE_CODE_MESSAGE),
      ['phoneCode'],
    ),
    // The SMS box is required with a phone number where the site asks for consent to texts.
    v.forward(
      v.partialCheck(
        [['phone'], ['subscriptions', 'smsNotificationConsent']],
        (input) => !rules.smsConsentRequired || !input.phone || input.subscriptions?.smsNotificationConsent === true,
        messages.required,
      ),
      ['subscriptions', 'smsNotificationConsent'],
    ),
    // Joining the loyalty programme means accepting its terms.
    v.forward(
      v.partialCheck(
        [
          ['subscriptions', 'loyaltyEnrollment'],
          ['subscriptions', 'loyaltyConsent'],
        ],
        (input) => !input.subscriptions?.loyaltyEnrollment || input.subscriptions.loyaltyConsent === true,
        messages.required,
      ),
      ['subscriptions', 'loyaltyConsent'],
    ),
  );
}

export type SignUpForm = v.InferOutput<ReturnType<typeof signUpSchema>>;
