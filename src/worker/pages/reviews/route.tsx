// A product's review pages (the store services issue, §1): every review with sorts, filters and pages, and
// every question (/{locale}/p/{slug}-{id}/reviews, the same for everyone); the votes, reports and translations
// its forms post (each answers with a redirect back); writing a review and asking a question (private pages
// with a sign-in step for a guest, a form, then the thank-you step the spec's dialogs show).

import type { Context } from 'hono';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { parseProductSegment } from '../../../shared/routes.ts';
import {
  FLAG_REASONS,
  LOCATION_MAX,
  NICKNAME_MAX,
  QUESTION_TEXT_MAX,
  QuestionBody,
  REVIEW_PAGE_SIZE,
  REVIEW_SORTS,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
  ReviewBody,
} from '../../../shared/schema/reviews.ts';
import type { Lang } from '../../../shared/sites.ts';
import { CheckboxField, FormNotice, TextField } from '../../../shared/ui/form.tsx';
import { accountAudit } from '../../commerce/account/audit.ts';
import { catalogIndex, type ProductEntry, productName } from '../../commerce/catalog/catalog-index.ts';
import { answerOf, askQuestion, type QuestionView } from '../../commerce/reviews/questions.ts';
import {
  approvedReview,
  flagReview,
  hasReviewed,
  newReviewId,
  type ReviewSummary,
  type ReviewView,
  reviewsPage,
  styleOf,
  submitReview,
  voteOn,
} from '../../commerce/reviews/reviews.ts';
import { translateReview, translatorFor } from '../../commerce/reviews/translator.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../lib/http-error.ts';
import { chosenPhotos, REVIEW_PHOTOS_MAX, removePhotos, type StoredPhoto, storeReviewPhotos } from '../../lib/photo-store.ts';
import { returnPath } from '../../lib/return-path.ts';
import { signedInConsumer, signInFirst } from '../account/section-page.tsx';
import { PhotoField, TextAreaField } from '../components/form-parts.tsx';
import { notFoundPage } from '../errors/error-page.tsx';
import { fieldErrors, readForm } from '../form-text.ts';
import { usePage } from '../page-context.tsx';
import { renderPage } from '../render.tsx';
import { QuestionCard, ReviewCard, type ReviewPaths, ReviewSummaryBlock, reviewPaths } from './ReviewBlocks.tsx';

export interface ProductRef {
  entry: ProductEntry;
  productId: string;
  styleId: string;
  name: string;
  paths: ReviewPaths;
}

export async function productRef(c: Context<AppEnv>): Promise<ProductRef | null> {
  const parsed = parseProductSegment(c.req.param('segment') ?? '');
  const productId = parsed?.id.slice(0, 8);
  const index = await catalogIndex(c.env.DB, c.get('logger'));
  const entry = productId ? index.products.get(productId) : undefined;
  if (!parsed || !productId || !entry || parsed.slug !== entry.slug) return null;
  const styleId = await styleOf(c.env.DB, productId);
  if (!styleId) return null;
  const locale = c.get('locale');
  return { entry, productId, styleId, name: productName(entry, locale.lang), paths: reviewPaths(locale.code, entry.slug, productId) };
}

/** The questions the reviews page lists (the first ones, the reader's language first). */
const QUESTIONS_SHOWN = 10;

const ListQuery = v.object({
  sort: v.optional(v.picklist(REVIEW_SORTS)),
  rating: v.optional(v.pipe(v.string(), v.regex(/^[1-5]$/), v.transform(Number))),
  verified: v.optional(v.literal('true')),
  lang: v.optional(v.picklist(['en', 'fr', 'de', 'it'])),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1))),
  translated: v.optional(v.pipe(v.string(), v.maxLength(60))),
  notice: v.optional(v.picklist(['voted', 'already-voted', 'reported', 'already-reported'])),
});
type ListOptions = v.InferOutput<typeof ListQuery>;

function ReviewsPage(props: {
  product: ProductRef;
  options: ListOptions;
  summary: ReviewSummary;
  listed: { total: number; reviews: ReviewView[] };
  questions: { total: number; questions: QuestionView[] };
  translatable: boolean;
  translation: { reviewId: string; title: string; text: string } | null;
}) {
  const { t } = usePage();
  const { product, options, summary, listed, questions } = props;
  const page = options.page ?? 1;
  const pages = Math.max(1, Math.ceil(listed.total / REVIEW_PAGE_SIZE));
  const query = (extra: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ sort: options.sort, rating: options.rating, verified: options.verified, lang: options.lang, ...extra })) {
      if (value !== undefined) params.set(key, String(value));
    }
    const text = params.toString();
    return `${product.paths.reviews}${text ? `?${text}` : ''}`;
  };
  const back = query({ page: page > 1 ? page : undefined });
  const paths = { ...product.paths, back };
  return (
    <div className="page page--reviews">
      <p>
        <a href={product.paths.product}>{t('reviews.backToProduct', { name: product.name })}</a>
      </p>
      <h1>{t('reviews.pageTitle', { name: product.name })}</h1>
      {options.notice ? (
        <FormNotice kind="success">
          <p>{t(`reviews.notice.${options.notice}` as MessageKey)}</p>
        </FormNotice>
      ) : null}
      <div className="reviews-layout">
        <aside className="reviews-layout__side">
          <ReviewSummaryBlock summary={summary} paths={paths} />
          <form className="review-filters" method="get" action={product.paths.reviews}>
            <div className="field">
              <label className="field__label" htmlFor="reviews-sort">
                {t('reviews.sort')}
              </label>
              <select id="reviews-sort" className="field__input" name="sort" defaultValue={options.sort ?? 'newest'}>
                {REVIEW_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(`reviews.sort.${sort}` as MessageKey)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor="reviews-rating">
                {t('reviews.filterRating')}
              </label>
              <select id="reviews-rating" className="field__input" name="rating" defaultValue={options.rating ? String(options.rating) : ''}>
                <option value="">{t('reviews.allRatings')}</option>
                {[5, 4, 3, 2, 1].map((n) => (
                  <option key={n} value={n}>
                    {t('reviews.stars', { count: n })}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor="reviews-lang">
                {t('reviews.filterLang')}
              </label>
              <select id="reviews-lang" className="field__input" name="lang" defaultValue={options.lang ?? ''}>
                <option value="">{t('reviews.allLangs')}</option>
                {(['en', 'fr', 'de', 'it'] as const).map((lang) => (
                  <option key={lang} value={lang}>
                    {t(`reviews.lang.${lang}` as MessageKey)}
                  </option>
                ))}
              </select>
            </div>
            <CheckboxField id="reviews-verified" name="verified" value="true" label={t('reviews.onlyVerified')} defaultChecked={options.verified === 'true'} />
            <button type="submit" className="button button--secondary">
              {t('reviews.apply')}
            </button>
          </form>
        </aside>
        <section className="reviews-layout__list" aria-labelledby="reviews-list-title">
          <h2 id="reviews-list-title" className="sr-only">
            {t('reviews.title')}
          </h2>
          <p className="reviews-layout__count" role="status">
            {t('reviews.showing', { count: listed.total })}
          </p>
          {listed.reviews.map((review) => (
            <ReviewCard
              key={review.reviewId}
              review={review}
              paths={paths}
              translatable={props.translatable}
              translation={props.translation?.reviewId === review.reviewId ? props.translation : null}
            />
          ))}
          {pages > 1 ? (
            <nav className="pager" aria-label={t('reviews.pages')}>
              {page > 1 ? <a href={query({ page: page - 1 })}>{t('reviews.previous')}</a> : null}
              <span>{t('reviews.pageOf', { page, pages })}</span>
              {page < pages ? <a href={query({ page: page + 1 })}>{t('reviews.next')}</a> : null}
            </nav>
          ) : null}
        </section>
      </div>
      <section className="pdp-questions" id="questions" aria-labelledby="questions-title">
        <h2 id="questions-title">{t('questions.title')}</h2>
        {questions.questions.map((question) => (
          <QuestionCard key={question.questionId} question={question} paths={paths} />
        ))}
        {questions.total === 0 ? <p>{t('questions.none')}</p> : null}
        <p>
          <a className="button button--secondary" href={product.paths.ask}>
            {t('questions.ask')}
          </a>
        </p>
      </section>
    </div>
  );
}

export async function reviewsPageRoute(c: Context<AppEnv>): Promise<Response> {
  const product = await productRef(c);
  if (!product) return notFoundPage(c);
  const locale = c.get('locale');
  const parsed = v.safeParse(ListQuery, Object.fromEntries(new URL(c.req.url).searchParams));
  // A hand-edited query shows the plain list rather than an error.
  const options: ListOptions = parsed.success ? parsed.output : {};
  const [{ summary, listed, questions }, translation] = await Promise.all([
    reviewsPage(
      c.env.DB,
      product.styleId,
      {
        page: options.page ?? 1,
        pageSize: REVIEW_PAGE_SIZE,
        sort: options.sort ?? 'newest',
        ...(options.rating ? { rating: options.rating } : {}),
        ...(options.verified ? { verified: true } : {}),
        ...(options.lang ? { lang: options.lang } : {}),
        ...(options.sort ? {} : { preferLang: locale.lang }),
      },
      { pageSize: QUESTIONS_SHOWN, preferLang: locale.lang },
    ),
    options.translated
      ? c.env.DB.prepare('SELECT review_id AS reviewId, title, body AS text FROM review_translations WHERE review_id = ?1 AND lang = ?2')
          .bind(options.translated, locale.lang)
          .first<{ reviewId: string; title: string; text: string }>()
      : null,
  ]);
  const t = translator(locale.lang, locale.tag);
  return renderPage(c, {
    meta: {
      title: t('reviews.pageTitle', { name: product.name }),
      description: t('reviews.metaDescription', { name: product.name, count: summary.count }),
      pageType: 'Other',
      styles: ['reviews'],
      // One page per product to index: its filtered and paged views are the same reviews again.
      canonical: product.paths.reviews,
    },
    body: (
      <ReviewsPage
        product={product}
        options={options}
        summary={summary}
        listed={listed}
        questions={questions}
        translatable={translatorFor(c.env) !== null}
        translation={translation}
      />
    ),
    fallback: () => null,
  });
}

/** Where a vote or report sends the browser back to: the page it came from, or the reviews page. */
function backTo(c: Context<AppEnv>, fields: Record<string, string>, fallback: string, notice: string): string {
  const [target = '', fragment] = (fields.back ?? '').split('#');
  const back = returnPath(target, [c.get('locale').code]);
  // The anchor of the review voted on, so the shopper lands where they were: an id of ours, nothing else.
  const hash = back && fragment && /^[A-Za-z0-9-]{1,80}$/.test(fragment) ? `#${fragment}` : '';
  if (!back) return `${fallback}?notice=${notice}`;
  const url = new URL(back, 'https://store.invalid');
  // The product page is the same for everyone and takes no notice; the reviews page says what happened.
  if (url.pathname.endsWith('/reviews')) url.searchParams.set('notice', notice);
  return `${url.pathname}${url.search}${hash}`;
}

type Voted = { table: 'reviews'; votes: 'review_votes'; key: 'review_id' } | { table: 'answers'; votes: 'answer_votes'; key: 'answer_id' };

/** A vote from the pages: a signed-in shopper's, on an approved review or answer of this product. */
async function votePost(c: Context<AppEnv>, target: Voted, exists: (product: ProductRef, id: string) => Promise<boolean>, id: string): Promise<Response> {
  const product = await productRef(c);
  if (!product) return notFoundPage(c);
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  const { fields } = await readForm(c);
  if (!(await exists(product, id))) return notFoundPage(c);
  const result = await voteOn(c.env.DB, target, id, consumerNo, fields.helpful === 'true');
  return c.redirect(backTo(c, fields, product.paths.reviews, result.counted ? 'voted' : 'already-voted'), 303);
}

export const reviewVotePost = (c: Context<AppEnv>) =>
  votePost(
    c,
    { table: 'reviews', votes: 'review_votes', key: 'review_id' },
    async (product, id) => (await approvedReview(c.env.DB, id))?.productId === product.styleId,
    c.req.param('reviewId') ?? '',
  );

export const answerVotePost = (c: Context<AppEnv>) =>
  votePost(
    c,
    { table: 'answers', votes: 'answer_votes', key: 'answer_id' },
    async (product, id) => (await answerOf(c.env.DB, product.styleId, id)) !== null,
    c.req.param('answerId') ?? '',
  );

export async function reviewFlagPost(c: Context<AppEnv>): Promise<Response> {
  const product = await productRef(c);
  if (!product) return notFoundPage(c);
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  const { fields } = await readForm(c);
  const reviewId = c.req.param('reviewId') ?? '';
  const review = await approvedReview(c.env.DB, reviewId);
  if (!review || review.productId !== product.styleId) return notFoundPage(c);
  const reason = (FLAG_REASONS as readonly string[]).includes(fields.reason ?? '') ? (fields.reason as string) : 'other';
  const result = await flagReview(c.env.DB, product.styleId, reviewId, consumerNo, reason);
  // Thanked on the reviews page, whichever page it came from: the product page is the same for everyone.
  const back = `${product.paths.reviews}?notice=${result.flagged ? 'reported' : 'already-reported'}`;
  return c.redirect(back, 303);
}

export async function reviewTranslatePost(c: Context<AppEnv>): Promise<Response> {
  const product = await productRef(c);
  if (!product) return notFoundPage(c);
  const translate = translatorFor(c.env);
  if (!translate) throw new HttpError('REV503', 'Translation is not configured on this store.');
  const review = await approvedReview(c.env.DB, c.req.param('reviewId') ?? '');
  if (!review || review.productId !== product.styleId) return notFoundPage(c);
  const lang = c.get('locale').lang as Lang;
  try {
    await translateReview(c.env.DB, translate, review, lang);
  } catch (error) {
    c.get('logger').warn('review translation failed', { reviewId: review.reviewId, error: String(error) });
    throw new HttpError('REV503', 'The review could not be translated right now. Please try again later.');
  }
  return c.redirect(`${product.paths.reviews}?translated=${encodeURIComponent(review.reviewId)}#review-${review.reviewId}`, 303);
}

// Writing a review and asking a question.

/** The name shown with what the shopper writes, and their word that it follows the guidelines. */
function Nickname({ id, value, error }: { id: string; value: string | undefined; error: string | undefined }) {
  const { t } = usePage();
  return (
    <TextField
      id={id}
      name="nickname"
      label={t('reviews.nickname')}
      hint={t('reviews.nicknameHint')}
      maxLength={NICKNAME_MAX}
      defaultValue={value}
      autoComplete="nickname"
      required
      error={error}
    />
  );
}

function Guidelines({ id, checked, error }: { id: string; checked: boolean; error: string | undefined }) {
  const { t } = usePage();
  return <CheckboxField id={id} name="termsAccepted" required error={error} label={t('reviews.guidelines')} defaultChecked={checked} />;
}

/** A guest's step: what they would do, and the way to sign in first. */
export function SignInStep({ title, text }: { title: string; text: string }) {
  const { t, locale } = usePage();
  return (
    <>
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <a className="button button--primary" href={`/${locale.code}/account`}>
          {t('event.signIn')}
        </a>
      </p>
    </>
  );
}

/** The thank-you step the spec's success dialogs show, with a way back to the product. */
export function DoneStep({ id, title, texts, back }: { id: string; title: string; texts: string[]; back: string }) {
  const { t } = usePage();
  return (
    <section aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <p>
        <a className="button button--primary" href={back}>
          {t('event.close')}
        </a>
      </p>
    </section>
  );
}

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

export async function privatePage(c: Context<AppEnv>, title: string, body: ReactNode, status: 200 | 400 | 401 = 200): Promise<Response> {
  const response = await renderPage(c, {
    status,
    // What a crawler sees is the sign-in step, the same for everyone; a refused form is not a page.
    meta: {
      title,
      description: title,
      pageType: 'Other',
      styles: ['reviews'],
      canonical: new URL(c.req.url).pathname,
      ...(status === 200 ? {} : { robots: 'noindex' }),
    },
    body,
    fallback: () => null,
  });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

async function formDefaults(c: Context<AppEnv>, product: ProductRef, consumerNo: string): Promise<WriteState> {
  const [row, style] = await Promise.all([
    c.env.DB.prepare('SELECT first_name FROM consumers WHERE consumer_no = ?1').bind(consumerNo).first<{ first_name: string | null }>(),
    c.env.DB.prepare('SELECT size_system, benefit_ratings FROM styles WHERE id = ?1')
      .bind(product.styleId)
      .first<{ size_system: string; benefit_ratings: string | null }>(),
  ]);
  const benefitKeys = style?.benefit_ratings ? (JSON.parse(style.benefit_ratings) as { key: string }[]).map((b) => b.key) : [];
  return { step: 'form', values: { nickname: row?.first_name ?? '' }, benefitKeys, footwear: style?.size_system === 'shoe' };
}

export async function writeReviewPage(c: Context<AppEnv>): Promise<Response> {
  const product = await productRef(c);
  if (!product) return notFoundPage(c);
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const title = t('reviews.writeTitle', { name: product.name });
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return privatePage(c, title, <WriteReviewPage product={product} state={{ step: 'sign-in' }} />);
  const existing = await c.env.DB.prepare('SELECT 1 FROM reviews WHERE style_id = ?1 AND consumer_no = ?2').bind(product.styleId, consumerNo).first();
  if (existing) return privatePage(c, title, <WriteReviewPage product={product} state={{ step: 'exists' }} />);
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
    if (!(error instanceof HttpError)) throw error;
    const errors = { photos: t(error.code === 'API413' ? 'reviews.photoTooLarge' : error.code === 'API415' ? 'reviews.photoType' : 'reviews.photoUnreadable') };
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

type AskState = { step: 'sign-in' } | { step: 'form'; values: Record<string, string>; errors?: Record<string, string> } | { step: 'done' };

function AskQuestionPage({ product, state }: { product: ProductRef; state: AskState }) {
  const { t } = usePage();
  return (
    <div className="page page--form ask-question">
      <p>
        <a href={product.paths.product}>{t('reviews.backToProduct', { name: product.name })}</a>
      </p>
      {state.step === 'sign-in' ? <SignInStep title={t('questions.askTitle', { name: product.name })} text={t('questions.signInText')} /> : null}
      {state.step === 'done' ? (
        <DoneStep id="question-done" title={t('questions.thanksTitle')} texts={[t('questions.thanksText')]} back={product.paths.product} />
      ) : null}
      {state.step === 'form' ? (
        <>
          <h1>{t('questions.askTitle', { name: product.name })}</h1>
          <form className="form" method="post" action={product.paths.ask} noValidate>
            <TextAreaField
              id="question-text"
              name="text"
              label={t('questions.fieldText')}
              rows={4}
              max={QUESTION_TEXT_MAX}
              value={state.values.text}
              error={state.errors?.text}
            />
            <Nickname id="question-nickname" value={state.values.nickname} error={state.errors?.nickname} />
            <Guidelines id="question-terms" checked={state.values.termsAccepted === 'on'} error={state.errors?.termsAccepted} />
            <div className="form__actions">
              <button className="button button--primary" type="submit">
                {t('questions.submit')}
              </button>
            </div>
          </form>
        </>
      ) : null}
    </div>
  );
}

export async function askQuestionPage(c: Context<AppEnv>): Promise<Response> {
  const product = await productRef(c);
  if (!product) return notFoundPage(c);
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const title = t('questions.askTitle', { name: product.name });
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return privatePage(c, title, <AskQuestionPage product={product} state={{ step: 'sign-in' }} />);
  const row = await c.env.DB.prepare('SELECT first_name FROM consumers WHERE consumer_no = ?1').bind(consumerNo).first<{ first_name: string | null }>();
  return privatePage(c, title, <AskQuestionPage product={product} state={{ step: 'form', values: { nickname: row?.first_name ?? '' } }} />);
}

export async function askQuestionPost(c: Context<AppEnv>): Promise<Response> {
  const product = await productRef(c);
  if (!product) return notFoundPage(c);
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const title = t('questions.askTitle', { name: product.name });
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return privatePage(c, title, <AskQuestionPage product={product} state={{ step: 'sign-in' }} />, 401);
  const { fields } = await readForm(c);
  const parsed = v.safeParse(QuestionBody, { text: fields.text ?? '', nickname: fields.nickname ?? '', termsAccepted: fields.termsAccepted === 'on' });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.issues, (field) => (field === 'termsAccepted' ? t('reviews.guidelinesRequired') : undefined));
    return privatePage(c, title, <AskQuestionPage product={product} state={{ step: 'form', values: { ...fields }, errors }} />, 400);
  }
  const asked = await askQuestion(c.env.DB, product.styleId, { consumerNo, locale: locale.code, lang: locale.lang }, parsed.output);
  await accountAudit(c, consumerNo, 'question.ask', { questionId: asked.questionId, productId: product.styleId }).run();
  return privatePage(c, t('questions.thanksTitle'), <AskQuestionPage product={product} state={{ step: 'done' }} />);
}
