import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { signUpSchema } from '../schema/sign-up.ts';
import { translator } from './translate.ts';
import { localizeValidation } from './validation.ts';

const fr = translator('fr', 'fr-FR');
const en = translator('en', 'en-US');

function issuesOf(input: Record<string, unknown>): Record<string, string> {
  const result = v.safeParse(signUpSchema('FR', new Date('2026-11-23T12:00:00Z')), input);
  const found: Record<string, string> = {};
  for (const issue of result.issues ?? []) found[v.getDotPath(issue) ?? ''] ??= issue.message;
  return found;
}

describe('validation messages in the page language', () => {
  it('says in English exactly what the schema says', () => {
    for (const message of [
      'This field is required',
      'Email is not valid',
      'Value must not be longer than 30 characters',
      'You must be at least 16 years old.',
    ]) {
      expect(localizeValidation(en, message)).toBe(message);
    }
  });

  it('translates every message the sign-up form can give', () => {
    const found = issuesOf({ firstName: 'J', lastName: 'L0', email: 'no', password: 'short', birthDate: '31/02/2000', phone: '12', gender: '' });
    const localized = Object.values(found).map((message) => localizeValidation(fr, message));
    expect(localized).toEqual(
      expect.arrayContaining(['La valeur doit contenir au moins 2 caractères', 'Le nom n’est pas valide.', 'L’adresse e-mail n’est pas valide']),
    );
    // Nothing stays in English: every message the schema produced has its French form.
    for (const [field, message] of Object.entries(found)) expect(localizeValidation(fr, message), field).not.toBe(message);
  });

  it('carries the numbers and the date format into the sentence', () => {
    expect(localizeValidation(fr, 'You must be at least 16 years old.')).toBe('Vous devez avoir au moins 16 ans.');
    expect(localizeValidation(fr, 'Date should match DD/MM/YYYY and be a valid date.')).toBe('La date doit suivre le format DD/MM/YYYY et être valide.');
  });

  it('leaves an unknown message as it is rather than guessing', () => {
    expect(localizeValidation(fr, 'codeChallenge is the base64url SHA-256 of the code verifier.')).toBe(
      'codeChallenge is the base64url SHA-256 of the code verifier.',
    );
  });
});
