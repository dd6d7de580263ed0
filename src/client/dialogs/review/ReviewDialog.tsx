// The write-a-review dialog (commerce-core §2 dialogs; the store services issue, §1): the no-script page's
// form (pages/reviews/write-review.tsx) in a panel, sent to the reviews API as the page sends it to the same
// service (multipart: the review as JSON, and its photos). A refusal is said at its fields and keeps what
// was typed; the thank-you says the review waits for moderation. A guest is offered the sign-in dialog.

import { type FormEvent, type RefObject, useRef, useState } from 'react';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import type { Translate } from '../../../shared/i18n/format.ts';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, REVIEW_PHOTOS_MAX } from '../../../shared/media/photo-limits.ts';
import { messages } from '../../../shared/schema/messages.ts';
import { LOCATION_MAX, REVIEW_TEXT_MAX, REVIEW_TITLE_MAX } from '../../../shared/schema/review-limits.ts';
import { TextAreaField, TextField } from '../../../shared/ui/form.tsx';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import type { RouteAnswer } from '../../api.ts';
import { ApiError, browserHeaders, readAnswer } from '../../api-answer.ts';
import { type FieldErrors, type FormValues, formValues, refusalErrors, useFocusOnErrors, type Wording } from '../dialog-forms.ts';
import { FormFailure, SendButton } from '../form-parts.tsx';
import { PanelDialog } from '../PanelDialog.tsx';
import { BenefitRatings, FitChoice, Guidelines, Nickname, Photos, StarRating } from './review-fields.tsx';
import { DoneStep, ExistsStep, SignInStep } from './review-steps.tsx';

/** What the dialog needs of the product: its name, whether it asks how the size fits, what it rates. */
export interface ReviewProduct {
  id: string;
  name: string;
  footwear: boolean;
  benefitKeys: readonly string[];
  reviewsUrl: string;
}

/** How a review or question dialog ended: the shopper asked to sign in, and what they had typed (none once sent). */
export interface DialogOutcome {
  signIn: boolean;
  draft: FormValues | null;
}

export interface ReviewDialogProps {
  product: ReviewProduct;
  signedIn: boolean;
  /** What the form starts from: a draft from an earlier opening, or the proposed nickname. */
  values: FormValues;
  onClosed: (outcome: DialogOutcome) => void;
}

type Step = { kind: 'sign-in' } | { kind: 'form' } | { kind: 'done'; verifiedBuyer: boolean } | { kind: 'exists' };

const FIELDS = ['rating', 'title', 'text', 'nickname', 'location', 'termsAccepted', 'photos'] as const;

/** Why the store refused a photo, as the page's photo field says it (pages/form-errors.ts, photoMessage). */
const PHOTO_REFUSALS: Readonly<Record<string, MessageKey>> = { API413: 'reviews.photoTooLarge', API415: 'reviews.photoType' };

/** The page's words for the fields the schema words for the API (write-review.tsx), and for refused photos. */
const reviewWording =
  (t: Translate): Wording =>
  (field, message, error) => {
    if (field === 'rating') return t('reviews.ratingRequired');
    if (field === 'termsAccepted') return t('reviews.guidelinesRequired');
    if (field === 'text' && message === messages.maxLength(REVIEW_TEXT_MAX)) return t('error.reviewTooLong');
    if (field === 'photos') return t(PHOTO_REFUSALS[error.errorId] ?? 'reviews.photoUnreadable');
    return undefined;
  };

/** Photos the store would refuse, said before they are sent rather than after a long upload. */
function photoProblem(files: readonly File[], t: Translate): string | undefined {
  if (files.some((file) => file.size > PHOTO_MAX_BYTES)) return t('reviews.photoTooLarge');
  if (files.some((file) => !(PHOTO_TYPES as readonly string[]).includes(file.type))) return t('reviews.photoType');
  return files.length > REVIEW_PHOTOS_MAX ? t('reviews.photoUnreadable') : undefined;
}

/** The review as the API takes it, read from the form as the page's handler reads its fields. */
function reviewRequest(data: FormData, product: ReviewProduct, photos: readonly File[]): FormData {
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const benefits = product.benefitKeys.filter((key) => /^[1-5]$/.test(text(`benefit.${key}`))).map((key) => ({ key, value: Number(text(`benefit.${key}`)) }));
  const review = {
    // Left out when none is chosen: the API's refusal then names the rating.
    rating: /^[1-5]$/.test(text('rating')) ? Number(text('rating')) : undefined,
    title: text('title'),
    text: text('text'),
    nickname: text('nickname'),
    location: text('location'),
    ...(product.footwear && /^-?[0-2]$/.test(text('fit')) ? { fit: Number(text('fit')) } : {}),
    ...(benefits.length > 0 ? { benefits } : {}),
    termsAccepted: text('termsAccepted') === 'on',
  };
  const body = new FormData();
  body.set('review', JSON.stringify(review));
  for (const photo of photos) body.append('photos', photo);
  return body;
}

type ReviewAnswer = RouteAnswer<'POST', '/api/products/v1/products/:productId/reviews'>;

async function sendReview(productId: string, body: FormData): Promise<ReviewAnswer> {
  // Multipart, so the browser names the content type with its boundary; the standard headers go with it.
  return readAnswer<ReviewAnswer>(await fetch(`/api/products/v1/products/${productId}/reviews`, { method: 'POST', headers: browserHeaders(), body }));
}

export function ReviewDialog({ product, signedIn, values, onClosed }: ReviewDialogProps) {
  const { t } = useI18n();
  const form = useRef<HTMLFormElement>(null);
  const [step, setStep] = useState<Step>({ kind: signedIn ? 'form' : 'sign-in' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const outcome = useRef<DialogOutcome>({ signIn: false, draft: null });
  useFocusOnErrors(errors, form);

  /** Leaves the form for another step, keeping what was typed for the next opening. */
  const leaveForm = (next: Step) => {
    outcome.current.draft = formValues(form.current);
    setStep(next);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const photos = data.getAll('photos').filter((value): value is File => typeof value !== 'string' && value.size > 0);
    const problem = photoProblem(photos, t);
    setErrors(problem ? { photos: problem } : {});
    if (problem) return;
    setBusy(true);
    try {
      const answer = await sendReview(product.id, reviewRequest(data, product, photos));
      outcome.current.draft = null;
      setStep({ kind: 'done', verifiedBuyer: answer.review.verifiedBuyer });
    } catch (error) {
      if (error instanceof ApiError && error.errorId === 'AUT401') leaveForm({ kind: 'sign-in' });
      else if (error instanceof ApiError && error.errorId === 'REV409') leaveForm({ kind: 'exists' });
      else setErrors(await refusalErrors(error, t, FIELDS, reviewWording(t)));
    } finally {
      setBusy(false);
    }
  };

  const closed = () => onClosed({ signIn: outcome.current.signIn, draft: step.kind === 'form' ? formValues(form.current) : outcome.current.draft });
  return (
    <PanelDialog
      className="review-dialog"
      title={step.kind === 'done' ? t('reviews.thanksTitle') : t('reviews.writeTitle', { name: product.name })}
      step={step.kind}
      onClosed={closed}
    >
      {(close) =>
        step.kind === 'sign-in' ? (
          <SignInStep
            text={t('reviews.signInText')}
            onSignIn={() => {
              outcome.current.signIn = true;
              close();
            }}
          />
        ) : step.kind === 'done' ? (
          <DoneStep texts={[t('reviews.thanksText'), ...(step.verifiedBuyer ? [t('reviews.thanksVerified')] : [])]} onClose={close} />
        ) : step.kind === 'exists' ? (
          <ExistsStep reviewsUrl={product.reviewsUrl} />
        ) : (
          <ReviewForm product={product} values={values} errors={errors} busy={busy} form={form} onSubmit={submit} />
        )
      }
    </PanelDialog>
  );
}

function ReviewForm(props: {
  product: ReviewProduct;
  values: FormValues;
  errors: FieldErrors;
  busy: boolean;
  form: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { t } = useI18n();
  const { product, values, errors } = props;
  return (
    <form ref={props.form} className="form form-dialog__form" noValidate onSubmit={props.onSubmit}>
      <FormFailure error={errors.form} />
      <StarRating value={values.rating} error={errors.rating} />
      <TextField
        id="dialog-review-title"
        name="title"
        label={t('reviews.fieldTitle')}
        maxLength={REVIEW_TITLE_MAX}
        defaultValue={values.title}
        required
        error={errors.title}
      />
      <TextAreaField
        className="field__input--text"
        id="dialog-review-text"
        name="text"
        label={t('reviews.fieldText')}
        hint={t('reviews.textHint', { max: REVIEW_TEXT_MAX })}
        // Room past the limit, as on the page, so a long text is said to be too long rather than cut.
        max={REVIEW_TEXT_MAX * 2}
        rows={6}
        value={values.text}
        error={errors.text}
      />
      {product.footwear ? <FitChoice value={values.fit} /> : null}
      <BenefitRatings keys={product.benefitKeys} values={values} />
      <Photos error={errors.photos} />
      <Nickname id="dialog-review-nickname" value={values.nickname} error={errors.nickname} />
      <TextField
        id="dialog-review-location"
        name="location"
        label={t('reviews.location')}
        optionalLabel={t('form.optional')}
        maxLength={LOCATION_MAX}
        defaultValue={values.location}
        autoComplete="address-level2"
        error={errors.location}
      />
      <Guidelines id="dialog-review-terms" checked={values.termsAccepted === 'on'} error={errors.termsAccepted} />
      <SendButton label={t('reviews.submit')} busy={props.busy} />
    </form>
  );
}
