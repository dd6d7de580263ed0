// Form fields the shoppers' writing forms share (a review, a question, a contact message, a warranty claim):
// a text area and a photo picker, with the hint and the error at the field as the shared form fields do.

import type { ReactNode } from 'react';
import { PHOTO_TYPES } from '../../../shared/media/photo-limits.ts';
import { describedBy, FieldError } from '../../../shared/ui/form.tsx';

/** A field's label (with "optional" when it may be left out), hint, control and error, in that order. */
function Field(props: {
  id: string;
  label: string;
  optionalLabel: string | undefined;
  hint: string | undefined;
  error: string | undefined;
  children: ReactNode;
}) {
  const { id, label, optionalLabel, hint, error, children } = props;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label} {optionalLabel ? <span className="field__optional">{optionalLabel}</span> : null}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

export function TextAreaField(props: {
  id: string;
  name: string;
  label: string;
  max: number;
  rows?: number;
  hint?: string;
  value?: string | undefined;
  error?: string | undefined;
  className?: string;
  /** Said after the label when the field may be left empty; a field without it is required. */
  optionalLabel?: string;
}) {
  const { id, name, label, max, rows = 6, hint, value, error, className, optionalLabel } = props;
  return (
    <Field id={id} label={label} optionalLabel={optionalLabel} hint={hint} error={error}>
      <textarea
        id={id}
        name={name}
        className={`field__input${className ? ` ${className}` : ''}`}
        rows={rows}
        maxLength={max}
        required={!optionalLabel}
        defaultValue={value}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </Field>
  );
}

/** Photos (lib/photo-store.ts): the browser offers only the types the store takes; up to three unless `single`. */
export function PhotoField({
  id,
  label,
  optionalLabel,
  hint,
  error,
  name = 'photos',
  single = false,
}: {
  id: string;
  label: string;
  /** Said after the label when the photo may be left out; a field without it is required. */
  optionalLabel?: string;
  hint: string;
  error?: string | undefined;
  name?: string;
  single?: boolean;
}) {
  return (
    <Field id={id} label={label} optionalLabel={optionalLabel} hint={hint} error={error}>
      <input
        id={id}
        name={name}
        type="file"
        className="field__input"
        accept={PHOTO_TYPES.join(',')}
        multiple={!single}
        required={!optionalLabel}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </Field>
  );
}
