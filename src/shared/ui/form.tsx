// Form fields shared by the server-rendered forms and the dialog islands: a label above, an optional
// hint, the error at the field (announced through aria-describedby and aria-invalid), nothing else.

import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes } from 'react';

/** The hint and the error, after whatever else the caller says describes the input (terms beside a box). */
export function describedBy(id: string, hint: unknown, error: unknown, also?: string): string | undefined {
  return [also, hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p className="field__error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>;

export interface TextFieldProps extends InputProps {
  id: string;
  name: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** "(optional)", in the page's language, for a field that may stay empty. */
  optionalLabel?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ id, name, label, hint, error, optionalLabel, ref, type = 'text', ...input }: TextFieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {optionalLabel ? <span className="field__optional"> {optionalLabel}</span> : null}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        {...input}
        ref={ref}
        className="field__input"
        id={id}
        name={name}
        type={type}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, hint, error, input['aria-describedby'])}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

export interface CheckboxFieldProps extends InputProps {
  id: string;
  name: string;
  label: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ id, name, label, error, ref, ...input }: CheckboxFieldProps) {
  return (
    <div className="field field--check">
      <input
        {...input}
        ref={ref}
        className="field__check"
        id={id}
        name={name}
        type="checkbox"
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, null, error, input['aria-describedby'])}
      />
      <label className="field__check-label" htmlFor={id}>
        {label}
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> {
  id: string;
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
}

export function SelectField({ id, name, label, options, error, ...select }: SelectFieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        {...select}
        className="field__input"
        id={id}
        name={name}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, null, error)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A form-level message: an error is an alert, anything else a polite status. */
export function FormNotice({ kind, children, id }: { kind: 'error' | 'success' | 'info'; children: ReactNode; id?: string }) {
  return (
    <div className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'} id={id} tabIndex={-1}>
      {children}
    </div>
  );
}

/** A field's label (with "optional" when it may be left out), hint, control and error, in that order. */
export function FieldFrame(props: {
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

/** A text area, uncontrolled so a refusal keeps its text: required unless it names its optional label. */
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
    <FieldFrame id={id} label={label} optionalLabel={optionalLabel} hint={hint} error={error}>
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
    </FieldFrame>
  );
}
