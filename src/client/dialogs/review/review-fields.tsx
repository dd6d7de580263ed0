// The fields of the review and question dialogs, as the no-script forms have them (pages/reviews/write-review.tsx,
// ask-question.tsx): the same names, limits, hints and messages, the error at its field, linked to it
// through aria-describedby. Uncontrolled: what the shopper typed stays in the form whatever the answer.

import { useState } from 'react';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { PHOTO_TYPES, REVIEW_PHOTOS_MAX } from '../../../shared/media/photo-limits.ts';
import { describedBy, FieldError } from '../../../shared/ui/form.tsx';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import type { FormValues } from '../dialog-forms.ts';

const FIT_KEYS = ['small2', 'small1', 'true', 'large1', 'large2'] as const;
const STAR = 'M12 2.6l2.8 6 6.6.7-4.9 4.5 1.4 6.5L12 17l-5.9 3.3 1.4-6.5-4.9-4.5 6.6-.7z';

/** Five stars to choose from: radio buttons named by their count, the stars up to the chosen one filled. */
export function StarRating({ value, error }: { value: string | undefined; error: string | undefined }) {
  const { t } = useI18n();
  const [chosen, setChosen] = useState(Number(value) || 0);
  const errorId = 'dialog-rating-error';
  return (
    <fieldset className="star-picker" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{t('reviews.yourRating')}</legend>
      <div className="star-picker__row">
        <div className="star-picker__stars">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="star-picker__star">
              <input
                className="star-picker__input"
                type="radio"
                name="rating"
                value={n}
                defaultChecked={chosen === n}
                onChange={() => setChosen(n)}
                aria-invalid={error ? 'true' : undefined}
                aria-describedby={error ? errorId : undefined}
              />
              <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
                <path d={STAR} />
              </svg>
              <span className="sr-only">{t('reviews.stars', { count: n })}</span>
            </label>
          ))}
        </div>
        <span className="star-picker__said" aria-hidden="true">
          {chosen ? t('reviews.stars', { count: chosen }) : ''}
        </span>
      </div>
      <FieldError id="dialog-rating" error={error} />
    </fieldset>
  );
}

/** How the size fits, for footwear: runs small to runs large, none chosen until the shopper says. */
export function FitChoice({ value }: { value: string | undefined }) {
  const { t } = useI18n();
  return (
    <fieldset className="write-review__fit">
      <legend className="field__label">
        {t('reviews.fitTitle')} <span className="field__optional">{t('form.optional')}</span>
      </legend>
      <div className="star-input__options">
        {[-2, -1, 0, 1, 2].map((fit) => (
          <label key={fit} className="star-input__option">
            <input type="radio" name="fit" value={fit} defaultChecked={value === String(fit)} />
            <span>{t(`reviews.fit.${FIT_KEYS[fit + 2]}` as MessageKey)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A rating out of five for each benefit the product is rated on, each one optional. */
export function BenefitRatings({ keys, values }: { keys: readonly string[]; values: FormValues }) {
  const { t } = useI18n();
  if (keys.length === 0) return null;
  return (
    <fieldset className="write-review__benefits">
      <legend className="field__label">{t('reviews.benefitsTitle')}</legend>
      <div className="form-dialog__pairs">
        {keys.map((key) => (
          <div className="field" key={key}>
            <label className="field__label field__label--plain" htmlFor={`dialog-benefit-${key}`}>
              {t(`product.benefit.${key}` as MessageKey)}
            </label>
            <select id={`dialog-benefit-${key}`} name={`benefit.${key}`} className="field__input" defaultValue={values[`benefit.${key}`] ?? ''}>
              <option value="">{t('reviews.benefitSkip')}</option>
              {[1, 2, 3, 4, 5].map((n) => (
                <option key={n} value={n}>
                  {n}/5
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** Up to three photos, of the types the store takes; the browser offers only those. */
export function Photos({ error }: { error: string | undefined }) {
  const { t } = useI18n();
  const id = 'dialog-review-photos';
  const hint = t('reviews.photosHint', { count: REVIEW_PHOTOS_MAX });
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('reviews.photos')} <span className="field__optional">{t('form.optional')}</span>
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      <input
        id={id}
        name="photos"
        type="file"
        className="field__input field__input--file"
        accept={PHOTO_TYPES.join(',')}
        multiple
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

export { Guidelines, Nickname } from '../../../shared/ui/review-fields.tsx';
