import type { Context } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { Translate } from '../../shared/i18n/format.ts';
import type { AppEnv } from '../env.ts';
import { HttpError } from '../lib/http-error.ts';
import { formRefusal, inServiceWords, localizedFieldErrors, photoMessage } from './form-errors.ts';

// The helper reads only the page's locale from the request.
const c = { get: () => ({ lang: 'en', tag: 'en-US' }) } as unknown as Context<AppEnv>;

describe('formRefusal', () => {
  it('puts a validation failure at its fields, the first message for each, in the page language', () => {
    const error = new HttpError('API400', 'email: bad', [
      { field: 'consumerProfile.email', message: 'first' },
      { field: 'consumerProfile.email', message: 'second' },
      { message: 'no field' },
    ]);
    const refused = formRefusal(c, error);
    expect(refused.errors).toEqual({ email: 'first', form: 'no field' });
    expect(refused.status).toBe(400);
    expect(refused.notice).toBe('The request is not valid.');
  });

  it("puts a coded refusal at its code's field with the catalogue's message and status", () => {
    const refused = formRefusal(c, new HttpError('AUT439', undefined, [{ field: 'email', message: 'An account already exists for this email.' }]));
    expect(refused).toEqual({
      code: 'AUT439',
      status: 409,
      errors: { email: 'An account already exists for this email. Sign in instead, or reset your password.' },
      notice: 'An account already exists for this email. Sign in instead, or reset your password.',
    });
  });

  it("uses a business rule's details where the form asks for them, and only the fields it shows", () => {
    const error = new HttpError('CCA400', undefined, [{ field: 'addressLine1', message: 'Already saved.' }]);
    expect(formRefusal(c, error, { details: 'any' }).errors).toEqual({ addressLine1: 'Already saved.' });
    expect(formRefusal(c, error, { details: 'any', fields: ['city'] }).errors).toEqual({ form: 'Already saved.' });
  });

  it('lets the form word and place a refusal itself', () => {
    const error = new HttpError('API413', 'Too large', [{ field: 'photos', message: 'Too large' }]);
    expect(formRefusal(c, error, { details: 'none', field: () => 'photos', message: photoMessage }).errors).toEqual({
      photos: 'A photo is larger than 5 MB. Choose a smaller one.',
    });
    expect(formRefusal(c, new HttpError('API409', 'Already registered.'), { message: inServiceWords }).notice).toBe('Already registered.');
  });

  it('rethrows what is not a coded error, and the codes the form does not answer', () => {
    const bug = new TypeError('undefined is not a function');
    expect(() => formRefusal(c, bug)).toThrow(bug);
    const other = new HttpError('AUT403');
    expect(() => formRefusal(c, other, { codes: ['API400', 'API409'] })).toThrow(other);
    expect(() => formRefusal(c, other, { codes: (error) => error.status >= 500 })).toThrow(other);
  });
});

describe('localizedFieldErrors', () => {
  it("names each field by its path's last part, its first message in the page's language", () => {
    // A translator that answers with the key shows which catalogue message was chosen.
    const t = ((key: string) => key) as unknown as Translate;
    const result = v.safeParse(v.object({ profile: v.object({ email: v.pipe(v.string(), v.email('Email is not valid')) }) }), {
      profile: { email: 'nope' },
    });
    expect(localizedFieldErrors(result.issues ?? [], t)).toEqual({ email: 'validation.email' });
  });
});
