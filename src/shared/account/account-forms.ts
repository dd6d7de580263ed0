// What the account forms share between the plain-POST pages and the sign-in dialog: the flow's steps and
// its initial-step rule (account-content §2), a posted form turned into the API's body, schema issues
// turned into one message per field, and where each coded server error is shown (commerce-core §8).

import * as v from 'valibot';
import { ERROR_CATALOGUE, type ErrorCode } from '../errors.ts';

/** The flow's steps; the complete-profile ones by the spec's numbers. */
export type FlowStep =
  | 'lookup'
  | 'sign-in'
  | 'sign-up'
  | 'forgot'
  | 'forgot-sent'
  | 'profile-0-non-loyalty'
  | 'profile-1-welcome'
  | 'profile-2-mobile'
  | 'profile-3-profile'
  | 'profile-4-interests'
  | 'profile-5-success';

/** Lookup when signed out; signed in, the profile step (3) with a phone, the mobile step (2) without. */
export function initialStep(shopper: { signedIn: boolean; hasPhone: boolean }): FlowStep {
  if (!shopper.signedIn) return 'lookup';
  return shopper.hasPhone ? 'profile-3-profile' : 'profile-2-mobile';
}

/** The profile fields a fully enrolled shopper has (account-content §4, partially enrolled profile). */
export interface EnrolmentFields {
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  postalCode: string | null;
  birthDate: string | null;
}

export function missingProfileFields(profile: EnrolmentFields): (keyof EnrolmentFields)[] {
  return (['phone', 'firstName', 'lastName', 'postalCode', 'birthDate'] as const).filter((field) => !profile[field]);
}

export const isPartiallyEnrolled = (profile: EnrolmentFields): boolean => missingProfileFields(profile).length > 0;

export type FormFields = Record<string, string>;

/** A form's fields as text: the last value of a repeated name, a file as nothing. */
export function formFields(data: Iterable<[string, unknown]>): FormFields {
  const fields: FormFields = {};
  for (const [name, value] of data) if (typeof value === 'string') fields[name] = value;
  return fields;
}

const ticked = (fields: FormFields, name: string) => fields[name] === 'on' || fields[name] === 'true';

export const SUBSCRIPTION_FIELDS = ['newsletterConsent', 'loyaltyEnrollment', 'loyaltyConsent', 'loyaltyNewsletterConsent', 'smsNotificationConsent'] as const;

/** The sign-up form's text fields: what a refused form shows again (never the password). */
const SIGN_UP_TEXT = ['email', 'firstName', 'lastName', 'birthDate', 'phone', 'phoneCode', 'gender', 'postalCode'] as const;

export function signUpValues(fields: FormFields): Record<(typeof SIGN_UP_TEXT)[number], string> {
  return Object.fromEntries(SIGN_UP_TEXT.map((name) => [name, fields[name] ?? ''])) as Record<(typeof SIGN_UP_TEXT)[number], string>;
}

/** The sign-up form as the sign-up call takes it (commerce-core §7): subscriptions nested, boxes as booleans. */
export function signUpBody(fields: FormFields): Record<string, unknown> {
  const subscriptions: Record<string, boolean> = {};
  for (const name of SUBSCRIPTION_FIELDS) if (ticked(fields, name)) subscriptions[name] = true;
  // The loyalty newsletter comes with the loyalty programme.
  if (subscriptions.loyaltyEnrollment && subscriptions.newsletterConsent) subscriptions.loyaltyNewsletterConsent = true;
  return {
    ...signUpValues(fields),
    password: fields.password ?? '',
    // The brand's terms and the privacy policy: a box each. The form always names the policy's field (a hidden
    // empty value before its box); a page from before had one box for both and no such field, and that box stands for both.
    isTermsConfirmed: ticked(fields, 'isTermsConfirmed'),
    ...(Object.hasOwn(fields, 'termsConditionsAndPolicy') ? { termsConditionsAndPolicy: ticked(fields, 'termsConditionsAndPolicy') } : {}),
    isTemporaryPassword: false,
    subscriptions,
  };
}

/** The first message of each field, by the field's own name (the last part of the issue's path). */
export function fieldMessages(issues: readonly v.BaseIssue<unknown>[]): FormFields {
  const messages: FormFields = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '';
    const field = path.split('.').pop() || 'form';
    messages[field] ??= issue.message;
  }
  return messages;
}

/** The field a coded answer belongs at; any other code is a message for the whole form. */
const CODE_FIELDS: Partial<Record<ErrorCode, string>> = {
  AUT439: 'email',
  PRO400: 'email',
  AUT453: 'email',
  AUT442: 'phone',
  AUT444: 'phone',
  PRO410: 'birthDate',
  PRO411: 'birthDate',
  FE872: 'password',
  FE340: 'confirmPassword',
  AUT450: 'currentPassword',
};

export function fieldOfCode(code: string): string {
  return CODE_FIELDS[code as ErrorCode] ?? 'form';
}

/** The message key of a coded answer, or the general one for a code the catalogue does not know. */
export function messageKeyOfCode(code: string): string {
  // A code is an answer's word, never trusted to name only the catalogue's own keys.
  return Object.hasOwn(ERROR_CATALOGUE, code)
    ? ((ERROR_CATALOGUE as Record<string, { messageKey: string }>)[code]?.messageKey ?? 'error.general')
    : 'error.general';
}
