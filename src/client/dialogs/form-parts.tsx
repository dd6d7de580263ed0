// Form parts the dialogs' forms share: a text area with its hint and error as the shared fields have them
// (shared/ui/form.tsx), the message for a refusal that belongs to no field, and the submit button.

import type { ReactNode } from 'react';
import { describedBy, FieldError, FormNotice } from '../../shared/ui/form.tsx';

/** A required text area (a review, a question, a gift message), uncontrolled so a refusal keeps its text. */
export function TextArea(props: {
  id: string;
  name: string;
  label: string;
  max: number;
  rows: number;
  hint?: string;
  value?: string | undefined;
  error?: string | undefined;
}) {
  const { id, name, label, max, rows, hint, value, error } = props;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        name={name}
        className="field__input field__input--text"
        rows={rows}
        maxLength={max}
        required
        defaultValue={value}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A refusal that belongs to no field: said over the form, and read out as it appears. */
export function FormFailure({ error }: { error: string | undefined }) {
  return error ? (
    <FormNotice kind="error">
      <p>{error}</p>
    </FormNotice>
  ) : null;
}

/**
 * The submit button, and any other action after it. While the call runs it says it is busy (the form
 * ignores a second submit); it is not disabled, which would drop the keyboard focus it holds.
 */
export function SendButton({ label, busy, children }: { label: string; busy: boolean; children?: ReactNode }) {
  return (
    <div className="form__actions">
      <button className="button button--primary button--wide" type="submit" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
        {label}
      </button>
      {children}
    </div>
  );
}
