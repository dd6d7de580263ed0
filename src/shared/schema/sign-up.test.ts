import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { birthDateSchema, DEFAULT_DATE, latestBirthDate, NAME_MESSAGE, PASSWORD_MESSAGES, PasswordSchema, parseFormDate, signUpSchema } from './sign-up.ts';

const today = new Date('2026-11-22T12:00:00Z');
const issues = (schema: v.GenericSchema, input: unknown) =>
  (v.safeParse(schema, input).issues ?? []).map((issue) => ({ field: v.getDotPath(issue), message: issue.message }));
const base = { firstName: 'Ana', lastName: "O'Neil-Ruiz", email: 'ana@example.com', password: 'Trail-Ready-9', gender: 'female', isTermsConfirmed: true };

describe('password rules', () => {
  it('name each rule a password breaks, in the spec words', () => {
    expect(issues(PasswordSchema, 'short').map((i) => i.message)).toEqual([
      PASSWORD_MESSAGES.summary,
      PASSWORD_MESSAGES.length,
      PASSWORD_MESSAGES.number,
      PASSWORD_MESSAGES.upper,
    ]);
    expect(issues(PasswordSchema, 'ALLUPPER123').map((i) => i.message)).toEqual([PASSWORD_MESSAGES.lower]);
    expect(issues(PasswordSchema, 'Trail-Ready-9')).toEqual([]);
    expect(issues(PasswordSchema, 'Éclair-des-bois-7')).toEqual([]);
  });
});

describe('dates', () => {
  it('read the site format and refuse dates that do not exist', () => {
    expect(parseFormDate('02/29/2024', 'MM/DD/YYYY')).toBe('2024-02-29');
    expect(parseFormDate('29/02/2024', 'DD/MM/YYYY')).toBe('2024-02-29');
    expect(parseFormDate('02/29/2023', 'MM/DD/YYYY')).toBeNull();
    expect(parseFormDate('2024-02-29', 'MM/DD/YYYY')).toBeNull();
  });
  it('take the default date, 01/01/1900, as the earliest, in each site format', () => {
    expect(DEFAULT_DATE).toBe('1900-01-01');
    expect(v.safeParse(birthDateSchema('US', today), '01/01/1900').success).toBe(true);
    expect(v.safeParse(birthDateSchema('US', today), '12/31/1899').success).toBe(false);
    expect(v.safeParse(birthDateSchema('GB', today), '01/01/1900').success).toBe(true);
    expect(v.safeParse(birthDateSchema('GB', today), '31/12/1899').success).toBe(false);
  });
  it('compute the latest birth date for an age from the server day, leap days included', () => {
    expect(latestBirthDate(today, 16)).toBe('2010-11-22');
    expect(latestBirthDate(new Date('2028-02-29T00:00:00Z'), 13)).toBe('2015-02-28');
  });
});

describe('the sign-up form', () => {
  it('takes a valid US sign-up, without a birth date or phone', () => {
    expect(issues(signUpSchema('US', today), base)).toEqual([]);
  });
  it('asks a German shopper for a birth date in DD/MM/YYYY and an age of 16', () => {
    const de = signUpSchema('DE', today);
    expect(issues(de, base)).toEqual([{ field: 'birthDate', message: 'This field is required' }]);
    expect(issues(de, { ...base, birthDate: '11/30/2000' })).toEqual([{ field: 'birthDate', message: 'Date should match DD/MM/YYYY and be a valid date.' }]);
    expect(issues(de, { ...base, birthDate: '23/11/2010' })).toEqual([{ field: 'birthDate', message: 'You must be at least 16 years old.' }]);
    expect(issues(de, { ...base, birthDate: '22/11/2010' })).toEqual([]);
  });
  it('needs a phone in France, checked against French numbers', () => {
    const fr = signUpSchema('FR', today);
    expect(issues(fr, { ...base, birthDate: '01/01/1990' }).map((i) => i.field)).toEqual(['phone']);
    expect(issues(fr, { ...base, birthDate: '01/01/1990', phone: '303 555 0134' })).toEqual([{ field: 'phone', message: 'A valid phone number is required' }]);
    expect(issues(fr, { ...base, birthDate: '01/01/1990', phone: '6 12 34 56 78' })).toEqual([]);
  });
  it('requires the SMS consent with a US phone, and the loyalty terms with a loyalty enrollment', () => {
    const us = signUpSchema('US', today);
    expect(issues(us, { ...base, phone: '303 555 0134' })).toEqual([{ field: 'subscriptions.smsNotificationConsent', message: 'This field is required' }]);
    expect(issues(us, { ...base, phone: '303 555 0134', subscriptions: { smsNotificationConsent: true } })).toEqual([]);
    expect(issues(us, { ...base, subscriptions: { loyaltyEnrollment: true } })).toEqual([
      { field: 'subscriptions.loyaltyConsent', message: 'This field is required' },
    ]);
  });
  it('refuses names with digits, a missing gender and unconfirmed terms', () => {
    expect(issues(signUpSchema('US', today), { ...base, firstName: 'R2D2', gender: undefined, isTermsConfirmed: false })).toEqual([
      { field: 'firstName', message: NAME_MESSAGE },
      { field: 'gender', message: 'This field is required' },
      { field: 'isTermsConfirmed', message: 'This field is required' },
    ]);
  });
  it('take the privacy policy as its own consent, an older client’s one box standing for both', () => {
    const us = signUpSchema('US', today);
    expect(issues(us, { ...base, termsConditionsAndPolicy: false })).toEqual([{ field: 'termsConditionsAndPolicy', message: 'This field is required' }]);
    expect(v.parse(us, { ...base, termsConditionsAndPolicy: true })).toMatchObject({ isTermsConfirmed: true, termsConditionsAndPolicy: true });
    expect(v.parse(us, base).termsConditionsAndPolicy).toBeUndefined();
  });
  it('read the phone with the phoneCode beside it, a contradiction at phoneCode, other fields still named', () => {
    const us = signUpSchema('US', today);
    const sms = { subscriptions: { smsNotificationConsent: true } };
    expect(issues(us, { ...base, ...sms, phone: '07911 123456', phoneCode: '+44' })).toEqual([]);
    expect(issues(us, { ...base, ...sms, firstName: 'R2D2', phone: '+44 7911 123456', phoneCode: '+1' })).toEqual([
      { field: 'firstName', message: NAME_MESSAGE },
      { field: 'phoneCode', message: 'The country code does not match this phone number.' },
    ]);
    expect(issues(us, { ...base, ...sms, phone: '12', phoneCode: '+1' })).toEqual([{ field: 'phone', message: 'A valid phone number is required' }]);
    expect(issues(us, { ...base, ...sms, phone: '303 555 0134', phoneCode: '+999' }).map((i) => i.field)).toEqual(['phoneCode']);
    // No phone: nothing for a code to agree with.
    expect(issues(us, { ...base, phone: '', phoneCode: '+44' })).toEqual([]);
  });
});
