import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { signUpSchema } from '../schema/sign-up.ts';
import {
  fieldMessages,
  fieldOfCode,
  formFields,
  initialStep,
  isPartiallyEnrolled,
  messageKeyOfCode,
  missingProfileFields,
  signUpBody,
} from './account-forms.ts';

describe('the initial step of the sign-in flow (account-content §2)', () => {
  it.each([
    [{ signedIn: false, hasPhone: false }, 'lookup'],
    [{ signedIn: false, hasPhone: true }, 'lookup'],
    [{ signedIn: true, hasPhone: true }, 'profile-3-profile'],
    [{ signedIn: true, hasPhone: false }, 'profile-2-mobile'],
  ] as const)('%o starts at %s', (shopper, step) => {
    expect(initialStep(shopper)).toBe(step);
  });
});

describe('a partially enrolled profile (account-content §4)', () => {
  const full = { phone: '+1 (202) 555 - 0100', firstName: 'Ana', lastName: 'Silva', postalCode: '80302', birthDate: '1990-04-12' };
  it('is complete only with phone, names, postal code and birth date', () => {
    expect(isPartiallyEnrolled(full)).toBe(false);
    expect(missingProfileFields({ ...full, phone: null, birthDate: '' })).toEqual(['phone', 'birthDate']);
    expect(isPartiallyEnrolled({ ...full, lastName: null })).toBe(true);
  });
});

describe('the sign-up form as the sign-up call takes it', () => {
  it('nests the boxes as subscriptions, adds the club newsletter to a member’s newsletter, and reads each consent from its own box', () => {
    const body = signUpBody({
      email: 'a@b.co',
      isTermsConfirmed: 'on',
      termsConditionsAndPolicy: 'on',
      newsletterConsent: 'on',
      loyaltyEnrollment: 'on',
      loyaltyConsent: 'on',
    });
    expect(body).toMatchObject({
      email: 'a@b.co',
      isTermsConfirmed: true,
      termsConditionsAndPolicy: true,
      isTemporaryPassword: false,
      subscriptions: { newsletterConsent: true, loyaltyEnrollment: true, loyaltyConsent: true, loyaltyNewsletterConsent: true },
    });
    expect(signUpBody({}).subscriptions).toEqual({});
    expect(signUpBody({}).isTermsConfirmed).toBe(false);
    // The brand's terms ticked, the privacy policy's box left (only its hidden empty value): not taken as read.
    expect(signUpBody({ isTermsConfirmed: 'on', termsConditionsAndPolicy: '' })).toMatchObject({ isTermsConfirmed: true, termsConditionsAndPolicy: false });
    // A page from before the two boxes names no policy field: its one box is left to stand for both.
    expect(Object.hasOwn(signUpBody({ isTermsConfirmed: 'on' }), 'termsConditionsAndPolicy')).toBe(false);
  });

  it('keeps the last value of a repeated name and drops files', () => {
    expect(
      formFields([
        ['a', '1'],
        ['a', '2'],
        ['file', new Blob(['x'])],
      ]),
    ).toEqual({ a: '2' });
  });

  it('gives each field one message, by its own name, nested ones included', () => {
    const result = v.safeParse(signUpSchema('US', new Date('2026-11-23T00:00:00Z')), signUpBody({ phone: '2025550100', loyaltyEnrollment: 'on' }));
    const messages = fieldMessages(result.issues ?? []);
    expect(messages.smsNotificationConsent).toBe('This field is required');
    expect(messages.loyaltyConsent).toBe('This field is required');
    expect(messages.firstName).toBe('This field is required');
  });
});

describe('where a coded answer is shown (commerce-core §8)', () => {
  it.each([
    ['AUT439', 'email', 'error.loginInUse'],
    ['PRO400', 'email', 'error.loginInUse'],
    ['AUT442', 'phone', 'error.phoneInUse'],
    ['AUT444', 'phone', 'error.phoneInUse'],
    ['PRO410', 'birthDate', 'error.invalidAge'],
    ['FE872', 'password', 'error.passwordTooShort'],
    ['AUT437', 'form', 'error.invalidCredentials'],
    ['AUT423', 'form', 'error.userLocked'],
    ['XYZ999', 'form', 'error.general'],
  ])('%s goes to %s with %s', (code, field, key) => {
    expect(fieldOfCode(code)).toBe(field);
    expect(messageKeyOfCode(code)).toBe(key);
  });
});
