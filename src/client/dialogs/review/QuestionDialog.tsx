// The ask-a-question dialog and its success step (commerce-core §2: ask a question, ask-question success):
// the no-script page's form (pages/reviews/ask-question.tsx) in a panel, sent to the questions API, the
// same service the page posts to. A refusal is said at its fields and keeps what was typed; a guest is
// offered the sign-in dialog.

import { type FormEvent, useRef, useState } from 'react';
import { QUESTION_TEXT_MAX } from '../../../shared/schema/review-limits.ts';
import { TextAreaField } from '../../../shared/ui/form.tsx';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import { ApiError, callRoute } from '../../api-answer.ts';
import { type FieldErrors, type FormValues, formValues, refusalErrors, useFocusOnErrors } from '../dialog-forms.ts';
import { FormFailure, SendButton } from '../form-parts.tsx';
import { PanelDialog } from '../PanelDialog.tsx';
import type { DialogOutcome } from './ReviewDialog.tsx';
import { Guidelines, Nickname } from './review-fields.tsx';
import { DoneStep, SignInStep } from './review-steps.tsx';

export interface QuestionDialogProps {
  product: { id: string; name: string };
  signedIn: boolean;
  values: FormValues;
  onClosed: (outcome: DialogOutcome) => void;
}

type Step = 'sign-in' | 'form' | 'done';

const FIELDS = ['text', 'nickname', 'termsAccepted'] as const;

export function QuestionDialog({ product, signedIn, values, onClosed }: QuestionDialogProps) {
  const { t } = useI18n();
  const form = useRef<HTMLFormElement>(null);
  const [step, setStep] = useState<Step>(signedIn ? 'form' : 'sign-in');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const outcome = useRef<DialogOutcome>({ signIn: false, draft: null });
  useFocusOnErrors(errors, form);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const data = formValues(event.currentTarget);
    setErrors({});
    setBusy(true);
    try {
      await callRoute('POST', `/api/products/v1/products/${product.id}/reviews/questions`, {
        text: data.text ?? '',
        nickname: data.nickname ?? '',
        // Sent as it is: an unticked box is the API's to refuse, at its field.
        termsAccepted: (data.termsAccepted === 'on') as true,
      });
      outcome.current.draft = null;
      setStep('done');
    } catch (error) {
      if (error instanceof ApiError && error.errorId === 'AUT401') {
        outcome.current.draft = data;
        setStep('sign-in');
      } else {
        setErrors(await refusalErrors(error, t, FIELDS, (field) => (field === 'termsAccepted' ? t('reviews.guidelinesRequired') : undefined)));
      }
    } finally {
      setBusy(false);
    }
  };

  const closed = () => onClosed({ signIn: outcome.current.signIn, draft: step === 'form' ? formValues(form.current) : outcome.current.draft });
  return (
    <PanelDialog
      className="question-dialog"
      title={step === 'done' ? t('questions.thanksTitle') : t('questions.askTitle', { name: product.name })}
      step={step}
      onClosed={closed}
    >
      {(close) =>
        step === 'sign-in' ? (
          <SignInStep
            text={t('questions.signInText')}
            onSignIn={() => {
              outcome.current.signIn = true;
              close();
            }}
          />
        ) : step === 'done' ? (
          <DoneStep texts={[t('questions.thanksText')]} onClose={close} />
        ) : (
          <form ref={form} className="form form-dialog__form" noValidate onSubmit={submit}>
            <FormFailure error={errors.form} />
            <TextAreaField
              className="field__input--text"
              id="dialog-question-text"
              name="text"
              label={t('questions.fieldText')}
              max={QUESTION_TEXT_MAX}
              rows={4}
              value={values.text}
              error={errors.text}
            />
            <Nickname id="dialog-question-nickname" value={values.nickname} error={errors.nickname} />
            <Guidelines id="dialog-question-terms" checked={values.termsAccepted === 'on'} error={errors.termsAccepted} />
            <SendButton label={t('questions.submit')} busy={busy} />
          </form>
        )
      }
    </PanelDialog>
  );
}
