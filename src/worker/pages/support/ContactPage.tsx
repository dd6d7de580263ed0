// The contact-us page's view (the store services issue, §3): the form with every subject in one list and the
// bot check, or the case number once sent, and the contact-us espot under it.

import type { Block } from '../../../shared/content/blocks.ts';
import { CONTACT_MESSAGE_MAX } from '../../../shared/schema/contact.ts';
import { BotWidget } from '../../../shared/ui/bot-widget.tsx';
import { FormNotice, TextAreaField, TextField } from '../../../shared/ui/form.tsx';
import type { CatalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { categorySubjects } from '../../commerce/support/routes.ts';
import { ContentBlocks } from '../components/ContentBlocks.tsx';
import { usePage } from '../page-context.tsx';

export type ContactState =
  | { step: 'form'; values: Record<string, string>; errors?: Record<string, string>; error?: string }
  | { step: 'sent'; caseNumber: string };

export function ContactPage({ state, espot, index, botSiteKey }: { state: ContactState; espot: Block[]; index: CatalogIndex; botSiteKey: string | undefined }) {
  const { t, locale, nonce } = usePage();
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
            <SubjectField value={state.values.topic ?? ''} error={state.errors?.subject} />
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

/** The category and subject, one list of every subject grouped by category: it needs no script to follow the category. */
function SubjectField({ value, error }: { value: string; error: string | undefined }) {
  const { t, locale } = usePage();
  const categories = categorySubjects(locale);
  return (
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
        defaultValue={value}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? 'contact-subject-error' : undefined}
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
      {error ? (
        <p className="field__error" id="contact-subject-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
