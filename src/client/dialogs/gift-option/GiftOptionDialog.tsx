// The add gift option dialog (commerce-core §2) on a digital gift card's cart line: the recipient's name,
// email and message, all three, saved on the line through the cart API (PUT item, giftOption) as the line's
// no-script form saves them through the same service. A refusal is said at its fields and keeps what was
// typed; "Keep it for me" takes the gift option off, and so does saving with all three left empty.

import { type FormEvent, useRef, useState } from 'react';
import type * as v from 'valibot';
import { GIFT_MESSAGE_MAX, GIFT_TO_MAX } from '../../../shared/commerce/commerce-config.ts';
import type { GiftOptionSchema } from '../../../shared/schema/cart.ts';
import { TextAreaField, TextField } from '../../../shared/ui/form.tsx';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import { callRoute } from '../../api-answer.ts';
import { type FieldErrors, formValues, refusalErrors, useFocusOnErrors } from '../dialog-forms.ts';
import { FormFailure, SendButton } from '../form-parts.tsx';
import { PanelDialog } from '../PanelDialog.tsx';

type GiftOption = v.InferInput<typeof GiftOptionSchema>;

/** The cart line the dialog is for, as its trigger carries it (pages/cart/CartLine.tsx). */
export interface GiftLine {
  basketId: string;
  itemId: string;
  qty: number;
  name: string;
  gift: GiftOption | null;
}

export interface GiftOptionDialogProps {
  line: GiftLine;
  /** Called once closed; `changed` when the line's gift option changed, so the page shows it as it is now. */
  onClosed: (changed: boolean) => void;
}

const FIELDS = ['to', 'email', 'message'] as const;

export function GiftOptionDialog({ line, onClosed }: GiftOptionDialogProps) {
  const { t } = useI18n();
  const form = useRef<HTMLFormElement>(null);
  const changed = useRef(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  useFocusOnErrors(errors, form);

  /** Saves the gift option (null: none), then closes; a refusal stays in the dialog at its fields. */
  const save = async (giftOption: GiftOption | null, close: () => void) => {
    if (busy) return;
    setErrors({});
    setBusy(true);
    try {
      await callRoute('PUT', `/api/cart/v1/cart/${line.basketId}/item`, { itemId: line.itemId, qty: line.qty, giftOption });
      changed.current = true;
      close();
    } catch (error) {
      setErrors(await refusalErrors(error, t, FIELDS, (field) => (field === 'email' ? t('gift.emailInvalid') : undefined)));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>, close: () => void) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const gift = { to: values.to ?? '', email: values.email ?? '', message: values.message ?? '' };
    // Nothing typed is the buyer's own card (the hint says so): nothing to save unless a gift option is to go.
    if (Object.values(gift).every((value) => value.trim() === '')) {
      if (line.gift) void save(null, close);
      else close();
      return;
    }
    void save(gift, close);
  };

  return (
    <PanelDialog className="gift-dialog" title={line.gift ? t('gift.edit') : t('gift.add')} step="form" onClosed={() => onClosed(changed.current)}>
      {(close) => (
        <form ref={form} className="form form-dialog__form" noValidate onSubmit={(event) => submit(event, close)}>
          <GiftFields line={line} errors={errors} />
          <SendButton label={t('gift.save')} busy={busy}>
            {line.gift ? (
              <button className="link-button" type="button" onClick={() => void save(null, close)}>
                {t('gift.remove')}
              </button>
            ) : null}
          </SendButton>
        </form>
      )}
    </PanelDialog>
  );
}

/** The line's card, what a gift option does, and its three fields with the no-script form's limits. */
function GiftFields({ line, errors }: { line: GiftLine; errors: FieldErrors }) {
  const { t } = useI18n();
  const id = `gift-dialog-${line.itemId}`;
  return (
    <>
      <p className="form-dialog__lead">{line.name}</p>
      <p className="field__hint" id={`${id}-hint`}>
        {t('gift.hint')}
      </p>
      <FormFailure error={errors.form} />
      <TextField
        id={`${id}-to`}
        name="to"
        label={t('gift.to')}
        defaultValue={line.gift?.to}
        maxLength={GIFT_TO_MAX}
        autoComplete="off"
        required
        aria-describedby={`${id}-hint`}
        error={errors.to}
      />
      <TextField
        id={`${id}-email`}
        name="email"
        type="email"
        inputMode="email"
        label={t('gift.email')}
        defaultValue={line.gift?.email}
        maxLength={100}
        autoComplete="off"
        required
        error={errors.email}
      />
      <TextAreaField
        className="field__input--text"
        id={`${id}-message`}
        name="message"
        label={t('gift.message')}
        max={GIFT_MESSAGE_MAX}
        rows={4}
        value={line.gift?.message}
        error={errors.message}
      />
    </>
  );
}
