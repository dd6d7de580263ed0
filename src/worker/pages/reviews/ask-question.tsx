// Asking a question about a product (a private page with a sign-in step for a guest, a form, then the
// thank-you step).

import type { Context } from 'hono';
import * as v from 'valibot';
import { translator } from '../../../shared/i18n/translate.ts';
import { QUESTION_TEXT_MAX } from '../../../shared/schema/review-limits.ts';
import { QuestionBody } from '../../../shared/schema/reviews.ts';
import { TextAreaField } from '../../../shared/ui/form.tsx';
import { askQuestion } from '../../commerce/reviews/questions.ts';
import { proposedNickname } from '../../commerce/reviews/writing.ts';
import type { AppEnv } from '../../env.ts';
import { accountAudit } from '../../lib/audit.ts';
import { signedInConsumer } from '../account/section-page.tsx';
import { notFoundPage } from '../errors/error-page.tsx';
import { fieldErrors } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { usePage } from '../page-context.tsx';
import { DoneStep, Guidelines, Nickname, SignInStep } from './form-steps.tsx';
import { type ProductRef, privatePage, productRef } from './product-ref.tsx';

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
  const nickname = await proposedNickname(c.env.DB, consumerNo);
  return privatePage(c, title, <AskQuestionPage product={product} state={{ step: 'form', values: { nickname } }} />);
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
