// What a refused form shows when a page answers a plain-form post without JavaScript: a message at each
// field it concerns and one for the form as a whole, in the page's language, with the catalogue's status.
// Every page form handler turns its refusals into that state here, so the same refusal reads the same on
// every page, and what is not the form's to say (a bug, a lost binding: no coded error) still reaches the
// app's error handler and becomes the 500 page (GEN500).

import type { Context } from 'hono';
import type * as v from 'valibot';
import { fieldMessages, fieldOfCode, messageKeyOfCode } from '../../shared/account/account-forms.ts';
import { ERROR_CATALOGUE, type ErrorCode } from '../../shared/errors.ts';
import type { MessageKey } from '../../shared/i18n/en.ts';
import type { Translate } from '../../shared/i18n/format.ts';
import { translator } from '../../shared/i18n/translate.ts';
import { localizeValidation } from '../../shared/i18n/validation.ts';
import type { AppEnv } from '../env.ts';
import { HttpError } from '../lib/http-error.ts';

/** A refused form as its page shows it. */
export interface FormRefusal {
  readonly code: ErrorCode;
  /** The catalogue's status for the code: the page answers with it. */
  readonly status: number;
  /** One message per field (`form` for the form as a whole), the first found for each. */
  readonly errors: Record<string, string>;
  /** The code's message, for a page that says the refusal at the top of the form or at a field it chooses. */
  readonly notice: string;
}

export interface FormRefusalOptions {
  /**
   * Which refusals put their details' messages at the fields they name: a validation failure (API400, the
   * default), any code that names its fields (a business rule about one field), or none (the form words
   * every refusal itself).
   */
  readonly details?: 'validation' | 'any' | 'none';
  /** The fields this form shows; a detail about any other is said over the form. Every field when left out. */
  readonly fields?: readonly string[];
  /** The codes this form answers itself; any other is rethrown to the error page. Every coded error when left out. */
  readonly codes?: readonly ErrorCode[] | ((error: HttpError) => boolean);
  /** A refusal's own wording on this form, in place of the catalogue's message. */
  readonly message?: (error: HttpError, t: Translate) => string | undefined;
  /** Where this form says a refusal, in place of the field the account forms give its code. */
  readonly field?: (error: HttpError) => string | undefined;
}

/** A refusal in the service's own words (its message names what to change), for the forms that show them. */
export const inServiceWords = (error: HttpError): string => error.message;

/** Why an uploaded photo was refused, as the photo fields say it: too large, not a picture, or unreadable. */
export function photoMessage(error: HttpError, t: Translate): string {
  return t(error.code === 'API413' ? 'reviews.photoTooLarge' : error.code === 'API415' ? 'reviews.photoType' : 'reviews.photoUnreadable');
}

function pageTranslator(c: Context<AppEnv>): Translate {
  const locale = c.get('locale');
  return translator(locale.lang, locale.tag);
}

/**
 * A thrown error as the refused form's state. A validation failure (API400 with field details) puts each
 * detail's message at its field (see `details`); any other coded error puts the code's message at the
 * field it belongs to. What is not a coded error, or not one of `codes`, is rethrown so the app answers
 * it (GEN500 for a bug, the error page with its status for a code the form does not answer).
 */
export function formRefusal(c: Context<AppEnv>, error: unknown, options: FormRefusalOptions = {}): FormRefusal {
  if (!(error instanceof HttpError) || !answers(options.codes, error)) throw error;
  const t = pageTranslator(c);
  const status = ERROR_CATALOGUE[error.code].status;
  const details = options.details ?? 'validation';
  if (error.details?.length && (details === 'any' || (details === 'validation' && error.code === 'API400'))) {
    const errors: Record<string, string> = {};
    for (const detail of error.details) {
      const named = detail.field?.split('.').pop() ?? 'form';
      const field = options.fields && !options.fields.includes(named) ? 'form' : named;
      errors[field] ??= localizeValidation(t, detail.message);
    }
    return { code: error.code, status, errors, notice: t(messageKeyOfCode(error.code) as MessageKey) };
  }
  const notice = options.message?.(error, t) ?? t(messageKeyOfCode(error.code) as MessageKey);
  return { code: error.code, status, errors: { [options.field?.(error) ?? fieldOfCode(error.code)]: notice }, notice };
}

function answers(codes: FormRefusalOptions['codes'], error: HttpError): boolean {
  if (codes === undefined) return true;
  return typeof codes === 'function' ? codes(error) : codes.includes(error.code);
}

/**
 * A form the page checked itself (its schema's issues), one message per field, the first the schema found;
 * `message` words a field its own way, `as` files a field's error under another field.
 */
export function fieldErrors(
  issues: readonly v.BaseIssue<unknown>[],
  message: (field: string) => string | undefined = () => undefined,
  as: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path?.[0]?.key ?? 'form');
    errors[as[field] ?? field] ??= message(field) ?? issue.message;
  }
  return errors;
}

/**
 * A form the page checked with the schema the API shares (its issues), each field's first message in the
 * page's language, a field named by the last part of its path as the API's validation details name it.
 */
export function localizedFieldErrors(issues: readonly v.BaseIssue<unknown>[], t: Translate): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldMessages(issues)).map(([field, message]) => [field, localizeValidation(t, message)]));
}
