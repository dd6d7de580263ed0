import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error.ts';
import { parseOrThrow } from './validate.ts';

const Body = v.strictObject({ code: v.pipe(v.string(), v.nonEmpty()), note: v.optional(v.string()) });

function refusal(input: unknown): { code: string; field: string | undefined } | 'accepted' {
  try {
    parseOrThrow(Body, input, { code: 'PRM160' });
    return 'accepted';
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { code: error.code, field: error.details?.[0]?.field };
  }
}

describe('parseOrThrow', () => {
  it('answers with the code given for the first broken field, else API400', () => {
    expect(refusal({ code: '' })).toEqual({ code: 'PRM160', field: 'code' });
    expect(refusal({ code: 'X', note: 1 })).toEqual({ code: 'API400', field: 'note' });
  });

  it('refuses a key every object inherits as any unknown key, with API400', () => {
    for (const key of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf', 'isPrototypeOf']) {
      // JSON.parse makes __proto__ an own key, as a request body does.
      expect(refusal(JSON.parse(`{"code":"X","${key}":1}`))).toEqual({ code: 'API400', field: key });
    }
  });
});
