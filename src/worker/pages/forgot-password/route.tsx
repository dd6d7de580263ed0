// /{locale}/forgot-password: the reset link's page. GET shows the step its query names; the two forms
// post here and work without JavaScript, answering with the page again (errors at their fields) or a
// redirect to the next step.

import type { Context } from 'hono';
import { createFactory } from 'hono/factory';
import * as v from 'valibot';
import { translator } from '../../../shared/i18n/translate.ts';
import { SignInEmail } from '../../../shared/schema/identity.ts';
import { PasswordSchema } from '../../../shared/schema/sign-up.ts';
import { endRequestSession } from '../../commerce/identity/http-session.ts';
import { confirmReset, requestReset } from '../../commerce/identity/password-reset.ts';
import { limitAddress, unlockSignIn } from '../../commerce/identity/sign-in.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../lib/http-error.ts';
import { publicUrl } from '../../lib/public-origin.ts';
import { valid } from '../../lib/validate.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { formText } from '../form-text.ts';
import { renderPage } from '../render.tsx';
import { ForgotPasswordPage, type ForgotPasswordState } from './ForgotPasswordPage.tsx';

const TOKEN = /^[\w-]{43}$/;

function page(c: Context<AppEnv>, state: ForgotPasswordState, status: 200 | 400 | 410 = 200): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  return renderPage(c, {
    status,
    meta: {
      title: `${t('forgot.title')} | ${t('brand.name')}`,
      description: t('forgot.intro'),
      pageType: 'account',
      styles: [],
      canonical: `/${locale.code}/forgot-password`,
      // The asking step is a page like any other; a step reached with a link or after a post is nobody's to index.
      ...(state.step === 'ask' && status === 200 ? {} : { robots: 'noindex' }),
    },
    body: <ForgotPasswordPage state={state} />,
    fallback: () => null,
  });
}

const factory = createFactory<AppEnv>();

export function forgotPasswordPage(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const token = url.searchParams.get('token');
  if (token && TOKEN.test(token)) return page(c, { step: 'choose', token });
  if (url.searchParams.has('sent')) return page(c, { step: 'sent' });
  if (url.searchParams.has('done')) return page(c, { step: 'done' });
  return page(c, { step: 'ask' });
}

export const forgotPasswordAsk = factory.createHandlers(valid('form', v.object({ email: formText })), async (c) => {
  const { email } = c.req.valid('form');
  const parsed = v.safeParse(SignInEmail, email);
  if (!parsed.success) return page(c, { step: 'ask', email, errors: { email: email.trim() ? 'validation.email' : 'validation.required' } }, 400);
  await limitAddress({ db: c.env.DB, counters: c.env.COUNTERS, address: c.req.header('cf-connecting-ip') ?? 'unknown' }, 'signin');
  const locale = c.get('locale');
  await requestReset(c.env.DB, mailerFor(c.env), parsed.output, { pageUrl: publicUrl(c.env, `/${locale.code}/forgot-password`) });
  return c.redirect(`/${locale.code}/forgot-password?sent=1`, 303);
});

export const forgotPasswordChoose = factory.createHandlers(
  valid('form', v.object({ token: formText, password: formText, confirmPassword: formText })),
  async (c) => {
    const { token, password, confirmPassword } = c.req.valid('form');
    if (!TOKEN.test(token)) return page(c, { step: 'choose', token: '', errors: { form: 'error.resetLinkExpired' } }, 410);
    if (!v.safeParse(PasswordSchema, password).success) {
      return page(c, { step: 'choose', token, errors: { password: password.length < 8 ? 'error.passwordTooShort' : 'forgot.rules' } }, 400);
    }
    if (password !== confirmPassword) return page(c, { step: 'choose', token, errors: { confirmPassword: 'error.passwordsDiffer' } }, 400);
    try {
      const consumerNo = await confirmReset(c.env.DB, mailerFor(c.env), token, password);
      await unlockSignIn({ db: c.env.DB, counters: c.env.COUNTERS }, consumerNo);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'AUT402') return page(c, { step: 'choose', token, errors: { form: 'error.resetLinkExpired' } }, 410);
      if (error instanceof HttpError && error.code === 'AUT452') return page(c, { step: 'choose', token, errors: { password: 'error.samePassword' } }, 400);
      throw error;
    }
    if (c.get('session')?.claims.type === 'registered') await endRequestSession(c);
    return c.redirect(`/${c.get('locale').code}/forgot-password?done=1`, 303);
  },
);
