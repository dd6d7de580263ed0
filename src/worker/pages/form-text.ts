// A posted form's field as text, whatever it holds (missing, repeated, a file): the page itself says
// what is wrong with it, at the field.

import * as v from 'valibot';

export const formText = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value) => (typeof value === 'string' ? value : '')),
  ),
  '',
);
