// valibot at the boundary: a failed parse becomes an API400 that says what is wrong with which field.

import type { Env, MiddlewareHandler, ValidationTargets } from 'hono';
import { type InferInput, validator } from 'hono/validator';
import * as v from 'valibot';
import type { ErrorCode } from '../../shared/errors.ts';
import { HttpError } from './http-error.ts';
import { isFormMediaType, isJsonMediaType } from './media-type.ts';

/** Codes that name what is wrong better than API400 when the first broken field is one of these. */
export type FieldCodes = Readonly<Record<string, ErrorCode>>;

export function parseOrThrow<S extends v.GenericSchema>(schema: S, input: unknown, fieldCodes: FieldCodes = {}): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const details = result.issues.map((issue) => {
    const field = v.getDotPath(issue);
    return field ? { field, message: issue.message } : { message: issue.message };
  });
  const first = details[0];
  const message = first?.field ? `${first.field}: ${first.message}` : (first?.message ?? 'The request is not valid.');
  // The field is the client's own key: `toString` or `__proto__` would find Object.prototype's members.
  const code = first?.field && Object.hasOwn(fieldCodes, first.field) ? fieldCodes[first.field] : undefined;
  throw new HttpError(code ?? 'API400', message, details);
}

/**
 * What hono/client may send for a schema: valibot's input (a field with a default may be left out, a
 * number the schema parses from text is text), as text outside a JSON body. Hono would derive it from the
 * parsed output, which makes such fields required and numeric.
 */
type ValidInput<Target extends keyof ValidationTargets, S extends v.GenericSchema> = Target extends 'json'
  ? v.InferInput<S>
  : InferInput<v.InferInput<S>, Target>;

type ValidMiddleware<Target extends keyof ValidationTargets, S extends v.GenericSchema> = MiddlewareHandler<
  Env,
  string,
  { in: { [K in Target]: ValidInput<Target, S> }; out: { [K in Target]: v.InferOutput<S> } }
>;

/** Hono validator middleware backed by a valibot schema, so hono/client infers the input type. */
export function valid<Target extends keyof ValidationTargets, S extends v.GenericSchema>(
  target: Target,
  schema: S,
  fieldCodes: FieldCodes = {},
): ValidMiddleware<Target, S> {
  const middleware = validator(target, (value, c) => {
    if (target === 'json' && !isJsonMediaType(c.req.header('content-type'))) {
      throw new HttpError('API415', 'The request body must be JSON, sent with Content-Type: application/json.');
    }
    // valibot's object() takes an array for an object whose fields are all optional: say what was expected.
    if (target === 'json' && schema.type === 'object' && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      throw new HttpError('API400', 'The request body must be a JSON object.');
    }
    if (target === 'form' && !isFormMediaType(c.req.header('content-type'))) {
      throw new HttpError('API415', 'The request body must be a form (application/x-www-form-urlencoded or multipart/form-data).');
    }
    return parseOrThrow(schema, value, fieldCodes) as v.InferOutput<S>;
  });
  // The same middleware; only the input type hono/client reads is declared here rather than inferred.
  return middleware as unknown as ValidMiddleware<Target, S>;
}
