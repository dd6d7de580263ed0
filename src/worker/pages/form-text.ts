// A posted form's field as text, whatever it holds (missing, repeated, a file): the page itself says
// what is wrong with it, at the field.

import type { Context } from 'hono';
import * as v from 'valibot';
import { formFields } from '../../shared/account/account-forms.ts';
import type { AppEnv } from '../env.ts';
import { HttpError } from '../lib/http-error.ts';
import { isFormMediaType } from '../lib/media-type.ts';

export const formText = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value) => (typeof value === 'string' ? value : '')),
  ),
  '',
);

/**
 * A posted form's text fields (the last of a repeated name) and every value of the repeated ones the
 * form means as a list. Not a form, or a form that cannot be read: a coded 4xx, never a 500.
 */
export async function readForm(
  c: Context<AppEnv>,
  lists: readonly string[] = [],
): Promise<{ fields: Record<string, string>; lists: Record<string, string[]>; data: FormData }> {
  if (!isFormMediaType(c.req.header('content-type'))) {
    throw new HttpError('API415', 'The request body must be a form (application/x-www-form-urlencoded or multipart/form-data).');
  }
  let data: FormData;
  try {
    data = await c.req.formData();
  } catch {
    throw new HttpError('API400', 'The form could not be read.');
  }
  const values: Record<string, string[]> = {};
  for (const name of lists) values[name] = data.getAll(name).filter((value): value is string => typeof value === 'string');
  return { fields: formFields(data.entries()), lists: values, data };
}
