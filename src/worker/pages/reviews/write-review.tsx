// Writing a review (a private page with a sign-in step for a guest, a form, then the thank-you step the
// spec's dialog shows).

import type { Context } from 'hono';
import * as v from 'valibot';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { REVIEW_PHOTOS_MAX } from '../../../shared/media/photo-limits.ts';
import { LOCATION_MAX, REVIEW_TEXT_MAX, REVIEW_TITLE_MAX } from '../../../shared/schema/review-limits.ts';
import { ReviewBody } from '../../../shared/schema/reviews.ts';
import { FormNotice, TextAreaField, TextField } from '../../../shared/ui/form.tsx';
import { hasReviewed, newReviewId, submitReview } from '../../commerce/reviews/reviews.ts';
import { reviewFormDefaults } from '../../commerce/reviews/writing.ts';
import type { AppEnv } from '../../env.ts';
import { accountAudit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import { chosenPhotos, removePhotos, type StoredPhoto, storeReviewPhotos } from '../../lib/photo-store.ts';
import { signedInConsumer } from '../account/section-page.tsx';
import { PhotoField } from '../components/form-parts.tsx';
import { notFoundPage } from '../errors/error-page.tsx';
import { fieldErrors, formRefusal, photoMessage } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { usePage } from '../page-context.tsx';
import { DoneStep, Guidelines, Nickname, SignInStep } from './form-steps.tsx';
import { type ProductRef, privatePage, productRef } from './product-ref.tsx';

type WriteState =
  | { step: 'sign-in' }
  | { step: 'form'; values: Record<string, string>; benefitKeys: readonly string[]; footwear: boolean; errors?: Record<string, string>; error?: string }
  | { step: 'done'; verifiedBuyer: boolean }
  | { step: 'exists' };

function WriteReviewPage({ product, state }: { product: ProductRef; state: WriteState }) {
  const { t } = usePage();
  return (
    <div className="page page--form write-review">
      <p>
        <a href={product.paths.product}>{t('reviews.backToProduct', { name: product.name })}</a>
      </p>
      {state.step === 'sign-in' ? <SignInStep title={t('reviews.writeTitle', { name: product.name })} text={t('reviews.signInText')} /> : null}
      {state.step === 'exists' ? (
        <>
          <h1>{t('reviews.writeTitle', { name: product.name })}</h1>
          <FormNotice kind="info">
            <p>{t('error.reviewExists')}</p>
          </FormNotice>
          <p>
            <a className="button button--secondary" href={product.paths.reviews}>
              {t('reviews.readAll')}
            </a>
          </p>
        </>
      ) : null}
      {state.step === 'done' ? (
        <DoneStep
          id="review-done"
          title={t('reviews.thanksTitle')}
          texts={[t('reviews.thanksText'), ...(state.verifiedBuyer ? [t('reviews.thanksVerified')] : [])]}
          back={product.paths.product}
        />
      ) : null}
      {state.step === 'form' ? (
        <>
          <h1>{t('reviews.writeTitle', { name: product.name })}</h1>
          {state.error ? (
            <FormNotice kind="error">
              <p>{state.error}</p>
            </FormNotice>
          ) : null}
          <form className="form" method="post" action={product.paths.write} encType="multipart/form-data" noValidate>
            <fieldset className="star-input" aria-describedby={state.errors?.rating ? 'review-rating-error' : undefined}>
              <legend className="field__label">{t('reviews.yourRating')}</legend>
              <div className="star-input__options">
                {[1, 2, 3, 4, 5].map((n) => (
                  <label key={n} className="star-input__option">
                    <input type="radio" name="rating" value={n} defaultChecked={state.values.rating === String(n)} required />
                    <span>{t('reviews.stars', { count: n })}</span>
                  </label>
                ))}
              </div>
              {state.errors?.rating ? (
                <p className="field__error" id="review-rating-error">
                  {state.errors.rating}
                </p>
              ) : null}
            </fieldset>
            <TextField
              id="review-title"
              name="title"
              label={t('reviews.fieldTitle')}
              maxLength={REVIEW_TITLE_MAX}
              defaultValue={state.values.title}
              required
              error={state.errors?.title}
            />
            <TextAreaField
              id="review-text"
              name="text"
              label={t('reviews.fieldText')}
              hint={t('reviews.textHint', { max: REVIEW_TEXT_MAX })}
              max={REVIEW_TEXT_MAX * 2}
              className="write-review__text"
              value={state.values.text}
              error={state.errors?.text}
            />
            {state.footwear ? (
              <fieldset className="write-review__fit">
                <legend className="field__label">{t('reviews.fitTitle')}</legend>
                {[-2, -1, 0, 1, 2].map((fit) => (
                  <label key={fit} className="star-input__option">
                    <input type="radio" name="fit" value={fit} defaultChecked={state.values.fit === String(fit)} />
                    <span>{t(`reviews.fit.${['small2', 'small1', 'true', 'large1', 'large2'][fit + 2]}` as MessageKey)}</span>
                  </label>
                ))}
              </fieldset>
            ) : null}
            {state.benefitKeys.length > 0 ? (
              <fieldset className="write-review__benefits">
                <legend className="field__label">{t('reviews.benefitsTitle')}</legend>
                {state.benefitKeys.map((key) => (
                  <div className="field" key={key}>
                    <label className="field__label" htmlFor={`review-benefit-${key}`}>
                      {t(`product.benefit.${key}` as MessageKey)}
                    </label>
                    <select id={`review-benefit-${key}`} name={`benefit.${key}`} className="field__input" defaultValue={state.values[`benefit.${key}`] ?? ''}>
                      <option value="">{t('reviews.benefitSkip')}</option>
                      {[1, 2, 3, 4, 5].map((n) => (
                        <option key={n} value={n}>
                          {n}/5
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
              </fieldset>
            ) : null}
            <PhotoField
              id="review-photos"
              label={t('reviews.photos')}
              optionalLabel={t('form.optional')}
              hint={t('reviews.photosHint', { count: REVIEW_PHOTOS_MAX })}
              error={state.errors?.photos}
            />
            <Nickname id="review-nickname" value={state.values.nickname} error={state.errors?.nickname} />
            <TextField
              id="review-location"
              name="location"
              label={t('reviews.location')}
              optionalLabel={t('form.optional')}
              maxLength={LOCATION_MAX}
              defaultValue={state.values.location}
              error={state.errors?.location}
            />
            <Guidelines id="review-terms" checked={state.values.termsAccepted === 'on'} error={state.errors?.termsAccepted} />
            <div className="form__actions">
              <button className="button button--primary" type="submit">
                {t('reviews.submit')}
              </button>
            </div>
          </form>
        </>
      ) : null}
    </div>
  );
}

async function formDefaults(c: Context<AppEnv>, product: ProductRef, consumerNo: string): Promise<WriteState> {
  const { nickname, benefitKeys, footwear } = await reviewFormDefaults(c.env.DB, product.styleId, consumerNo);
  return { step: 'form', values: { nickname }, benefitKeys, footwear };
}

export async function writeReviewPage(c: Context<AppEnv>): Promise<Response> {
  const product = await productRef(c);
  if (!product) return notFoundPage(c);
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const title = t('reviews.writeTitle', { name: product.name });
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return privatePage(c, title, <WriteReviewPage product={product} state={{ step: 'sign-in' }} />);
  if (await hasReviewed(c.env.DB, product.styleId, consumerNo)) return privatePage(c, title, <WriteReviewPage product={product} state={{ step: 'exists' }} />);
  return privatePage(c, title, <WriteReviewPage product={product} state={await formDefaults(c, product, consumerNo)} />);
}

export async function writeReviewPost(c: Context<AppEnv>): Promise<Response> {
  const product = await productRef(c);
  if (!product) return notFoundPage(c);
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const title = t('reviews.writeTitle', { name: product.name });
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return privatePage(c, title, <WriteReviewPage product={product} state={{ step: 'sign-in' }} />, 401);
  const { fields, data } = await readForm(c);
  const defaults = (await formDefaults(c, product, consumerNo)) as Extract<WriteState, { step: 'form' }>;
  const files = chosenPhotos(data.getAll('photos'));
  const benefits = defaults.benefitKeys
    .filter((key) => /^[1-5]$/.test(fields[`benefit.${key}`] ?? ''))
    .map((key) => ({ key, value: Number(fields[`benefit.${key}`]) }));
  const parsed = v.safeParse(ReviewBody, {
    rating: /^[1-5]$/.test(fields.rating ?? '') ? Number(fields.rating) : undefined,
    title: fields.title ?? '',
    text: fields.text ?? '',
    nickname: fields.nickname ?? '',
    location: fields.location ?? '',
    ...(defaults.footwear && /^-?[0-2]$/.test(fields.fit ?? '') ? { fit: Number(fields.fit) } : {}),
    ...(benefits.length ? { benefits } : {}),
    termsAccepted: fields.termsAccepted === 'on',
  });
  const values = { ...fields };
  if (!parsed.success) {
    const errors = fieldErrors(parsed.issues, (field) =>
      field === 'rating'
        ? t('reviews.ratingRequired')
        : field === 'termsAccepted'
          ? t('reviews.guidelinesRequired')
          : field === 'text' && (fields.text ?? '').trim().length > REVIEW_TEXT_MAX
            ? t('error.reviewTooLong')
            : undefined,
    );
    // A browser cannot fill a file input again: say so rather than let the photos vanish unnoticed.
    if (files.length > 0) errors.photos = t('reviews.photosAgain');
    return privatePage(c, title, <WriteReviewPage product={product} state={{ ...defaults, values, errors }} />, 400);
  }
  if (await hasReviewed(c.env.DB, product.styleId, consumerNo)) return privatePage(c, title, <WriteReviewPage product={product} state={{ step: 'exists' }} />);
  const reviewId = newReviewId();
  let photos: StoredPhoto[];
  try {
    photos = await storeReviewPhotos(c.env.MEDIA, reviewId, files);
  } catch (error) {
    const { errors } = formRefusal(c, error, { details: 'none', field: () => 'photos', message: photoMessage });
    return privatePage(c, title, <WriteReviewPage product={product} state={{ ...defaults, values, errors }} />, 400);
  }
  try {
    const made = await submitReview(c.env.DB, product.styleId, { consumerNo, locale: locale.code, lang: locale.lang }, parsed.output, photos, reviewId);
    await accountAudit(c, consumerNo, 'review.submit', { reviewId: made.reviewId, productId: product.styleId }).run();
    return privatePage(c, t('reviews.thanksTitle'), <WriteReviewPage product={product} state={{ step: 'done', verifiedBuyer: made.verifiedBuyer }} />);
  } catch (error) {
    await removePhotos(c.env.MEDIA, photos);
    if (error instanceof HttpError && error.code === 'REV409') return privatePage(c, title, <WriteReviewPage product={product} state={{ step: 'exists' }} />);
    throw error;
  }
}
