// /{locale}/newsletter: the newsletter form without JavaScript (post, then a redirect to the "check your
// inbox" step) and /{locale}/newsletter/confirm, where a confirmation link leads.

import type { Context } from 'hono';
import { createFactory } from 'hono/factory';
import * as v from 'valibot';
import { translator } from '../../../shared/i18n/translate.ts';
import { NewsletterForm } from '../../../shared/schema/newsletter.ts';
import { limitAddress } from '../../commerce/identity/sign-in.ts';
import { confirmationPageUrl, confirmSubscription, requestConfirmation } from '../../commerce/subscriptions/newsletter.ts';
import { sendListWelcome } from '../../commerce/subscriptions/preferences.ts';
import type { AppEnv } from '../../env.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { valid } from '../../lib/validate.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { formText } from '../form-text.ts';
import { renderPage } from '../render.tsx';
import { NewsletterPage, type NewsletterState } from './NewsletterPage.tsx';

const TOKEN = /^[\w-]{43}$/;

function page(c: Context<AppEnv>, state: NewsletterState, status: 200 | 400 | 410 = 200): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  return renderPage(c, {
    status,
    meta: {
      title: `${t('newsletter.title')} | ${t('brand.name')}`,
      description: t('newsletter.intro'),
      pageType: 'Other',
      styles: [],
      canonical: `/${locale.code}/newsletter`,
      ...(state.step === 'form' && status === 200 && !state.expired ? {} : { robots: 'noindex' }),
    },
    body: <NewsletterPage state={state} />,
    fallback: () => null,
  });
}

const factory = createFactory<AppEnv>();

export function newsletterPage(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  if (url.searchParams.has('sent')) return page(c, { step: 'sent' });
  return page(c, { step: 'form' });
}

export const newsletterSubscribe = factory.createHandlers(valid('form', v.object({ email: formText, policy: formText, source: formText })), async (c) => {
  const form = c.req.valid('form');
  const parsed = v.safeParse(NewsletterForm, { email: form.email, policy: form.policy === 'on' || form.policy === 'true' });
  if (!parsed.success) {
    const flat = v.flatten<typeof NewsletterForm>(parsed.issues).nested ?? {};
    const email = form.email.trim() === '' ? 'validation.required' : 'validation.email';
    return page(
      c,
      { step: 'form', email: form.email, errors: { ...(flat.email ? { email } : {}), ...(flat.policy ? { policy: 'validation.required' } : {}) } },
      400,
    );
  }
  await limitAddress({ db: c.env.DB, counters: c.env.COUNTERS, address: c.req.header('cf-connecting-ip') ?? 'unknown' }, 'newsletter');
  const locale = c.get('locale');
  await requestConfirmation(c.env.DB, mailerFor(c.env), {
    email: parsed.output.email,
    siteId: locale.site.id,
    locale: locale.code,
    type: 'Newsletter',
    source: /^[\w.-]{1,60}$/.test(form.source) ? form.source : null,
    pageUrl: confirmationPageUrl(publicOrigin(c.env), locale.code),
  });
  return c.redirect(`/${locale.code}/newsletter?sent=1`, 303);
});

export function newsletterConfirmPage(c: Context<AppEnv>): Promise<Response> {
  const token = new URL(c.req.url).searchParams.get('token');
  if (new URL(c.req.url).searchParams.has('done')) return page(c, { step: 'confirmed' });
  if (!token || !TOKEN.test(token)) return page(c, { step: 'form', expired: true }, 410);
  return page(c, { step: 'confirm', token });
}

export const newsletterConfirm = factory.createHandlers(valid('form', v.object({ token: formText })), async (c) => {
  const confirmed = await confirmSubscription(c.env.DB, c.req.valid('form').token);
  if (!confirmed.ok) return page(c, { step: 'form', expired: true }, 410);
  await sendListWelcome(mailerFor(c.env), c.env.SESSION_SECRET, publicOrigin(c.env), c.get('locale'), confirmed);
  return c.redirect(`/${c.get('locale').code}/newsletter/confirm?done=1`, 303);
});
