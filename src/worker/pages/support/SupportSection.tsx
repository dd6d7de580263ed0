// The account's customer service section: the shopper's cases, and the warranty claim form (an item of their
// orders or a product id, a description, up to three photos).

import { formatDay } from '../../../shared/i18n/date-format.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { REVIEW_PHOTOS_MAX } from '../../../shared/media/photo-limits.ts';
import { CONTACT_MESSAGE_MAX } from '../../../shared/schema/contact.ts';
import { DEFAULT_DATE } from '../../../shared/schema/sign-up.ts';
import { FormNotice, TextAreaField, TextField } from '../../../shared/ui/form.tsx';
import type { SupportCase } from '../../commerce/support/cases.ts';
import type { claimableItems } from '../../commerce/support/warranty.ts';
import { AccountNav } from '../account/AccountNav.tsx';
import { PhotoField } from '../components/form-parts.tsx';
import { usePage } from '../page-context.tsx';

export type WarrantyState = { values: Record<string, string>; errors?: Record<string, string>; sent?: string };

type ClaimableItem = Awaited<ReturnType<typeof claimableItems>>[number];

export function SupportSection({ cases, items, state }: { cases: SupportCase[]; items: ClaimableItem[]; state: WarrantyState }) {
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
        <WarrantyForm items={items} state={state} />
      </section>
    </div>
  );
}

/** A new warranty claim: multipart, so its photos post without JavaScript. */
function WarrantyForm({ items, state }: { items: ClaimableItem[]; state: WarrantyState }) {
  const { t, locale } = usePage();
  return (
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
        min={DEFAULT_DATE}
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
  );
}
