// Form parts the dialogs' forms share (their fields are shared/ui/form.tsx's, as the pages' are): the message
// for a refusal that belongs to no field, and the submit button.

import type { ReactNode } from 'react';
import { FormNotice } from '../../shared/ui/form.tsx';

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
