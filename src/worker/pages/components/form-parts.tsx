// The photo picker the shoppers' writing forms share (a review, a contact message, a warranty claim), framed as
// the shared form fields are; their text areas are shared/ui/form.tsx's TextAreaField, the dialogs' too.

import { PHOTO_TYPES } from '../../../shared/media/photo-limits.ts';
import { describedBy, FieldFrame } from '../../../shared/ui/form.tsx';

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
    <FieldFrame id={id} label={label} optionalLabel={optionalLabel} hint={hint} error={error}>
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
    </FieldFrame>
  );
}
