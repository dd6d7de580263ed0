// Contact and warranty pages (the store services issue, §3). /{locale}/help/contact-us: the categories and
// subjects, the form with the bot check and the shared schema's rules, the contact-us espot, and the case
// number once sent; the same page for everyone. /{locale}/account/support: a signed-in shopper's cases and
// the warranty claim form (an item of their orders or a product id, a description, up to three photos).

import type { Context } from 'hono';
import * as v from 'valibot';
import type { Block } from '../../../shared/content/blocks.ts';
import { formatDay } from '../../../shared/i18n/date-format.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { CONTACT_CATEGORIES, CONTACT_MESSAGE_MAX, ContactBody, WarrantyClaim } from '../../../shared/schema/contact.ts';
import { BotWidget } from '../../../shared/ui/bot-widget.tsx';
import { FormNotice, TextField } from '../../../shared/ui/form.tsx';
import { requireHuman } from '../../bot/bot-verifier.ts';
import { type CatalogIndex, catalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { acknowledgeContact, casesOf, contactCase, openCase, type SupportCase, sendCaseEmail } from '../../commerce/support/cases.ts';
import { caseEmailCopy, categorySubjects } from '../../commerce/support/routes.ts';
import { claimableItems, fileWarrantyClaim } from '../../commerce/support/warranty.ts';
import type { AppEnv } from '../../env.ts';
import { accountAudit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import { chosenPhotos, REVIEW_PHOTOS_MAX } from '../../lib/photo-store.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { AccountNav } from '../account/AccountNav.tsx';
import { sectionPage, signedInConsumer, signInFirst } from '../account/section-page.tsx';
import { loadEspot } from '../cms/espot.ts';
import { ContentBlocks } from '../components/ContentBlocks.tsx';
import { PhotoField, TextAreaField } from '../components/form-parts.tsx';
import { fieldErrors } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { usePage } from '../page-context.tsx';
import { renderPage } from '../render.tsx';

type ContactState = { step: 'form'; values: Record<string, string>; errors?: Record<string, string>; error?: string } | { step: 'sent'; caseNumber: string };

function ContactPage({ state, espot, index, botSiteKey }: { state: ContactState; espot: Block[]; index: CatalogIndex; botSiteKey: string | undefined }) {
  const { t, locale, nonce } = usePage();
  const categories = categorySubjects(locale);
  const self = `/${locale.code}/help/contact-us`;
  return (
    <div className="page page--form contact-us">
      <h1>{state.step === 'sent' ? t('contact.sentTitle') : t('contact.title')}</h1>
      {state.step === 'sent' ? (
        <FormNotice kind="success">
          <p>{t('contact.sentText', { caseNumber: state.caseNumber })}</p>
        </FormNotice>
      ) : (
        <>
          <p>{t('contact.intro')}</p>
          {state.error ? (
            <FormNotice kind="error">
              <p>{state.error}</p>
            </FormNotice>
          ) : null}
          <form className="form" method="post" action={self} noValidate>
            <div className="field">
              <label className="field__label" htmlFor="contact-subject">
                {t('contact.category')}
              </label>
              {/* One list of every subject, grouped by category: it needs no script to follow the category. */}
              <select
                id="contact-subject"
                name="topic"
                className="field__input"
                required
                defaultValue={state.values.topic ?? ''}
                aria-invalid={state.errors?.subject ? 'true' : undefined}
                aria-describedby={state.errors?.subject ? 'contact-subject-error' : undefined}
              >
                <option value="">{t('contact.choose')}</option>
                {categories.map((category) => (
                  <optgroup key={category.id} label={category.label}>
                    {category.subjects.map((subject) => (
                      <option key={subject.id} value={`${category.id}/${subject.id}`}>
                        {subject.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
              {state.errors?.subject ? (
                <p className="field__error" id="contact-subject-error">
                  {state.errors.subject}
                </p>
              ) : null}
            </div>
            <TextField
              id="contact-first"
              name="firstName"
              label={t('contact.firstName')}
              autoComplete="given-name"
              maxLength={30}
              defaultValue={state.values.firstName}
              required
              error={state.errors?.firstName}
            />
            <TextField
              id="contact-last"
              name="lastName"
              label={t('contact.lastName')}
              autoComplete="family-name"
              maxLength={30}
              defaultValue={state.values.lastName}
              required
              error={state.errors?.lastName}
            />
            <TextField
              id="contact-email"
              name="email"
              type="email"
              label={t('contact.email')}
              autoComplete="email"
              maxLength={100}
              defaultValue={state.values.email}
              required
              error={state.errors?.email}
            />
            <TextField
              id="contact-phone"
              name="phone"
              type="tel"
              label={t('contact.phone')}
              optionalLabel={t('form.optional')}
              autoComplete="tel"
              maxLength={20}
              defaultValue={state.values.phone}
              error={state.errors?.phone}
            />
            <TextField
              id="contact-order"
              name="orderNumber"
              label={t('contact.orderNumber')}
              optionalLabel={t('form.optional')}
              hint={t('contact.orderNumberHint')}
              maxLength={11}
              defaultValue={state.values.orderNumber}
              error={state.errors?.orderNumber}
            />
            <TextAreaField
              id="contact-message"
              name="message"
              label={t('contact.message')}
              value={state.values.message}
              error={state.errors?.message}
              max={CONTACT_MESSAGE_MAX}
            />
            {botSiteKey ? <BotWidget siteKey={botSiteKey} action="contact" nonce={nonce} /> : null}
            <div className="form__actions">
              <button className="button button--primary" type="submit">
                {t('contact.send')}
              </button>
            </div>
          </form>
          <p>
            <a href={`/${locale.code}/account/support`}>{t('contact.warrantyLink')}</a>
          </p>
        </>
      )}
      {espot.length > 0 ? (
        <div className="espot espot--contact">
          <ContentBlocks items={espot} index={index} search="" />
        </div>
      ) : null}
    </div>
  );
}

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
    if (error instanceof HttpError && error.code === 'AUT403') return contactPage(c, { step: 'form', values: fields, error: t('contact.botFailed') }, 403);
    throw error;
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

// The account's customer service section.

type WarrantyState = { values: Record<string, string>; errors?: Record<string, string>; sent?: string };

function SupportSection({ cases, items, state }: { cases: SupportCase[]; items: Awaited<ReturnType<typeof claimableItems>>; state: WarrantyState }) {
  const { t, locale } = usePage();
  return (
    <div className="page account support">
      <header className="account__head">
        <h1>{t('support.title')}</h1>
      </header>
      <AccountNav current="support" />
      {state.sent ? (
        <FormNotice kind="success">
          <p>
            <strong>{t('warranty.sentTitle')}</strong> {t('warranty.sentText', { caseNumber: state.sent })}
          </p>
        </FormNotice>
      ) : null}
      <p>
        <a href={`/${locale.code}/help/contact-us`}>{t('support.contact')}</a>
      </p>
      {cases.length === 0 ? <p>{t('support.none')}</p> : null}
      <ul className="support-cases">
        {cases.map((item) => (
          <li key={item.caseNumber} className="support-case">
            <h2 className="support-case__title">{t('support.case', { caseNumber: item.caseNumber })}</h2>
            <p className="review__byline">
              <span>{t(`support.kind.${item.kind}` as MessageKey)}</span>
              <time dateTime={item.createdAt}>{formatDay(locale.tag, item.createdAt)}</time>
              <span className="support-case__status">{t(`support.status.${item.status}` as MessageKey)}</span>
              {item.photos > 0 ? <span>{t('support.photos', { count: item.photos })}</span> : null}
            </p>
            <p>
              {item.productName ?? t(`contact.subject.${item.subject}` as MessageKey)}
              {item.orderNumber ? ` · ${item.orderNumber}` : ''}
            </p>
            <p className="support-case__message">{item.message}</p>
          </li>
        ))}
      </ul>
      <section aria-labelledby="warranty-title" className="account__section support-warranty">
        <h2 id="warranty-title">{t('support.newClaim')}</h2>
        <p>{t('warranty.intro')}</p>
        <form className="form" method="post" action={`/${locale.code}/account/support/warranty`} encType="multipart/form-data" noValidate>
          <div className="field">
            <label className="field__label" htmlFor="warranty-item">
              {t('warranty.item')}
            </label>
            <select
              id="warranty-item"
              name="orderLine"
              className="field__input"
              defaultValue={state.values.orderLine ?? items[0]?.value ?? ''}
              aria-invalid={state.errors?.orderLine ? 'true' : undefined}
              aria-describedby={state.errors?.orderLine ? 'warranty-item-error' : undefined}
            >
              {items.map((item) => (
                <option key={item.value} value={item.value}>
                  {`${item.name} · ${item.colour} · ${item.size} (${item.orderNumber})`}
                </option>
              ))}
              <option value="">{t('warranty.itemElsewhere')}</option>
            </select>
            {state.errors?.orderLine ? (
              <p className="field__error" id="warranty-item-error">
                {state.errors.orderLine}
              </p>
            ) : null}
          </div>
          <TextField
            id="warranty-product"
            name="productId"
            label={t('warranty.productId')}
            optionalLabel={t('form.optional')}
            hint={t('warranty.productIdHint')}
            maxLength={11}
            defaultValue={state.values.productId}
            error={state.errors?.productId}
          />
          <TextField
            id="warranty-date"
            name="purchaseDate"
            type="date"
            label={t('warranty.purchaseDate')}
            optionalLabel={t('form.optional')}
            defaultValue={state.values.purchaseDate}
            error={state.errors?.purchaseDate}
          />
          <TextAreaField
            id="warranty-description"
            name="description"
            label={t('warranty.description')}
            value={state.values.description}
            error={state.errors?.description}
            max={CONTACT_MESSAGE_MAX}
          />
          <PhotoField
            id="warranty-photos"
            label={t('reviews.photos')}
            optionalLabel={t('form.optional')}
            hint={t('reviews.photosHint', { count: REVIEW_PHOTOS_MAX })}
            error={state.errors?.photos}
          />
          <div className="form__actions">
            <button className="button button--primary" type="submit">
              {t('warranty.send')}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
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
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    const field = error.details?.[0]?.field ?? 'orderLine';
    const message =
      field === 'photos'
        ? t(error.code === 'API413' ? 'reviews.photoTooLarge' : error.code === 'API415' ? 'reviews.photoType' : 'reviews.photoUnreadable')
        : (error.details?.[0]?.message ?? error.message);
    return supportSection(c, consumerNo, { values: fields, errors: { [field]: message } }, 400);
  }
}
