// What the forms in dialogs share (ARCHITECTURE.md, Validation and errors): a refused call placed at the
// fields it names, in the page's language, focus on the first field at fault, and what the shopper typed
// kept when the dialog closes before it was sent, so opening it again loses nothing.

import { type RefObject, useEffect } from 'react';
import type { MessageKey } from '../../shared/i18n/en.ts';
import type { Translate } from '../../shared/i18n/format.ts';
import { ApiError } from '../api-answer.ts';

/** One message per field; `form` for what belongs to no field the form shows. */
export type FieldErrors = Readonly<Record<string, string>>;
/** A form's text values by field name (a ticked box is "on"), as a draft or a refused form keeps them. */
export type FormValues = Readonly<Record<string, string>>;

/** A field's own wording of a refusal in place of the schema's message; undefined keeps the schema's. */
export type Wording = (field: string, message: string, error: ApiError) => string | undefined;

/**
 * The API's refusal at the form's fields: each detail at the field its path ends with (`giftOption.email` is
 * `email`), one that names no field of `fields` over the form, and a refusal without details as its code's
 * message. What is not the API's answer (no network) is the general message. The tables that word a
 * refusal (the error catalogue, the schemas' messages) load with the first refusal: a form sent right, or
 * never sent, does not pay for them.
 */
export async function refusalErrors(error: unknown, t: Translate, fields: readonly string[], wording: Wording = () => undefined): Promise<FieldErrors> {
  if (!(error instanceof ApiError)) return { form: t('error.general') };
  const tables = await Promise.all([import('../../shared/i18n/validation.ts'), import('../../shared/account/account-forms.ts')]).catch((failure: unknown) => {
    console.error('refusal messages failed to load', failure);
    return null;
  });
  if (!tables) return { form: t('error.general') };
  const [{ localizeValidation }, { messageKeyOfCode }] = tables;
  const errors: Record<string, string> = {};
  for (const detail of error.details) {
    const named = detail.field?.split('.').pop() ?? '';
    const field = fields.includes(named) ? named : 'form';
    errors[field] ??= wording(field, detail.message, error) ?? localizeValidation(t, detail.message);
  }
  if (Object.keys(errors).length === 0) errors.form = t(messageKeyOfCode(error.errorId) as MessageKey);
  return errors;
}

/** After a refusal, focus goes to the first field at fault, whose error is read with it, or to the form's message. */
export function useFocusOnErrors(errors: FieldErrors, form: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus();
  }, [errors, form]);
}

/** The text the form holds now (files cannot be kept: a browser never fills a file input again). */
export function formValues(form: HTMLFormElement | null): FormValues {
  if (!form) return {};
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value;
  return values;
}
