// Contact and warranty pages (the store services issue, §3). /{locale}/help/contact-us: the categories and
// subjects, the form with the bot check and the shared schema's rules, the contact-us espot, and the case
// number once sent; the same page for everyone. /{locale}/account/support: a signed-in shopper's cases and
// the warranty claim form (an item of their orders or a product id, a description, up to three photos).

import type { Context } from 'hono';
import * as v from 'valibot';
import { translator } from '../../../shared/i18n/translate.ts';
import { CONTACT_CATEGORIES, ContactBody, WarrantyClaim } from '../../../shared/schema/contact.ts';
import { requireHuman } from '../../bot/bot-verifier.ts';
import { catalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { acknowledgeContact, casesOf, contactCase, openCase, sendCaseEmail } from '../../commerce/support/cases.ts';
import { caseEmailCopy, categorySubjects } from '../../commerce/support/routes.ts';
import { claimableItems, fileWarrantyClaim } from '../../commerce/support/warranty.ts';
import type { AppEnv } from '../../env.ts';
import { accountAudit } from '../../lib/audit.ts';
import type { HttpError } from '../../lib/http-error.ts';
import { chosenPhotos } from '../../lib/photo-store.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { sectionPage, signedInConsumer, signInFirst } from '../account/section-page.tsx';
import { loadEspot } from '../cms/espot.ts';
import { fieldErrors, formRefusal, photoMessage } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { renderPage } from '../render.tsx';
import { ContactPage, type ContactState } from './ContactPage.tsx';
import { SupportSection, type WarrantyState } from './SupportSection.tsx';

async function contactPage(c: Context<AppEnv>, state: ContactState, status: 200 | 400 | 403 = 200): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const [espot, index] = await Promise.all([loadEspot(c, 'contact-us'), catalogIndex(c.env.DB, c.get('logger'))]);
  const response = await renderPage(c, {
    status,
    meta: {
      title: t('contact.title'),
      description: t('contact.description'),
      pageType: 'Other',
      styles: ['account'],
      canonical: `/${locale.code}/help/contact-us`,
      ...(state.step === 'sent' || status !== 200 ? { robots: 'noindex' } : {}),
    },
    body: <ContactPage state={state} espot={espot} index={index} botSiteKey={c.env.TURNSTILE_SITE_KEY} />,
    fallback: () => null,
  });
  // The answer to a post is the shopper's own.
  if (c.req.method === 'POST') response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

export const contactUsPage = (c: Context<AppEnv>) => contactPage(c, { step: 'form', values: {} });

export async function contactUsPost(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const { fields } = await readForm(c);
  const [category = '', subject = ''] = (fields.topic ?? '').split('/');
  const parsed = v.safeParse(ContactBody, {
    category: category in CONTACT_CATEGORIES ? category : undefined,
    subject,
    firstName: fields.firstName ?? '',
    lastName: fields.lastName ?? '',
    email: fields.email ?? '',
    phone: fields.phone ?? '',
    orderNumber: fields.orderNumber ?? '',
    message: fields.message ?? '',
  });
  if (!parsed.success) {
    // The category and the subject are one list on the page: its error is asked as its label asks.
    const errors = fieldErrors(parsed.issues, (field) => (field === 'category' || field === 'subject' ? t('contact.category') : undefined), {
      category: 'subject',
    });
    return contactPage(c, { step: 'form', values: fields, errors }, 400);
  }
  try {
    await requireHuman(c.env, fields['cf-turnstile-response'] || undefined, 'contact', c.req.header('cf-connecting-ip'));
  } catch (error) {
    const { notice, status } = formRefusal(c, error, { codes: ['AUT403'], message: (_, translate) => translate('contact.botFailed') });
    return contactPage(c, { step: 'form', values: fields, error: notice }, status as 403);
  }
  const consumerNo = signedInConsumer(c);
  const opened = await openCase(c.env.DB, contactCase(locale, consumerNo, parsed.output));
  const topic =
    categorySubjects(locale)
      .find((cat) => cat.id === category)
      ?.subjects.find((s) => s.id === subject)?.label ?? subject;
  const acknowledged = await acknowledgeContact(
    { mailer: mailerFor(c.env), counters: c.env.COUNTERS },
    parsed.output.email,
    caseEmailCopy(locale, opened.caseNumber, topic),
  );
  if (!acknowledged) c.get('logger').info('contact.ack_limited', { caseNumber: opened.caseNumber });
  if (consumerNo) await accountAudit(c, consumerNo, 'support.contact', { caseNumber: opened.caseNumber }).run();
  return contactPage(c, { step: 'sent', caseNumber: opened.caseNumber });
}

async function supportSection(c: Context<AppEnv>, consumerNo: string, state: WarrantyState, status: 200 | 400 = 200): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const [cases, items] = await Promise.all([casesOf(c.env.DB, consumerNo), claimableItems(c.env.DB, consumerNo)]);
  return sectionPage(c, { title: t('support.title'), path: '/account/support', status, body: <SupportSection cases={cases} items={items} state={state} /> });
}

export async function supportPage(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  const sent = new URL(c.req.url).searchParams.get('sent');
  return supportSection(c, consumerNo, { values: {}, ...(sent && /^CS-\d{8}-[A-Z0-9]{5}$/.test(sent) ? { sent } : {}) });
}

export async function warrantyPost(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const { fields, data } = await readForm(c);
  const files = chosenPhotos(data.getAll('photos'));
  const parsed = v.safeParse(WarrantyClaim, {
    ...(fields.orderLine ? { orderLine: fields.orderLine } : {}),
    ...(fields.productId ? { productId: fields.productId.trim().toUpperCase() } : {}),
    ...(fields.purchaseDate ? { purchaseDate: fields.purchaseDate } : {}),
    description: fields.description ?? '',
  });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.issues);
    if (files.length > 0) errors.photos = t('reviews.photosAgain');
    return supportSection(c, consumerNo, { values: fields, errors }, 400);
  }
  try {
    const filed = await fileWarrantyClaim(c.env.DB, c.env.MEDIA, locale, consumerNo, parsed.output, files);
    await sendCaseEmail(mailerFor(c.env), filed, caseEmailCopy(locale, filed.caseNumber, filed.productName), parsed.output.description);
    await accountAudit(c, consumerNo, 'support.warranty', { caseNumber: filed.caseNumber }).run();
    return c.redirect(`/${locale.code}/account/support?sent=${filed.caseNumber}`, 303);
  } catch (error) {
    // One refusal, at the field the service names (the item when it names none), in the service's words but for a photo's.
    const fieldOf = (refused: HttpError) => refused.details?.[0]?.field ?? 'orderLine';
    const { errors } = formRefusal(c, error, {
      codes: (refused) => refused.status < 500,
      details: 'none',
      field: fieldOf,
      message: (refused, translate) => (fieldOf(refused) === 'photos' ? photoMessage(refused, translate) : (refused.details?.[0]?.message ?? refused.message)),
    });
    return supportSection(c, consumerNo, { values: fields, errors }, 400);
  }
}
