// /{locale}/account/addresses (the account issue, §1 Addresses): the shopper's delivery and billing addresses,
// the main one of each marked, each editable, deletable or made main with a plain form; and a form to add one.
// Rendered with the data on the server; nothing here needs JavaScript.

import { findCountry } from '../../../shared/locale/countries.ts';
import { provincesOf } from '../../../shared/locale/provinces.ts';
import { ADDRESS_LIMITS } from '../../../shared/schema/address.ts';
import type { Errors } from '../../../shared/ui/account-form-frame.tsx';
import { CheckboxField, TextField } from '../../../shared/ui/form.tsx';
import type { ApproachType, SavedAddress } from '../../commerce/account/address-book.ts';
import { usePage } from '../page-context.tsx';
import { AccountNav } from './AccountNav.tsx';

export interface AddressesState {
  addresses: SavedAddress[];
  notice?: 'saved' | 'deleted' | undefined;
  /** The form that was refused: a new address, or the one with this id; its values and errors. */
  failed?: { addressId: string | null; values: Record<string, string>; errors: Errors } | undefined;
}

type Values = Record<string, string>;

export function AddressesPage({ state }: { state: AddressesState }) {
  const { t, locale } = usePage();
  const base = `/${locale.code}/account/addresses`;
  const groups: [ApproachType, string][] = [
    ['S', t('addresses.shipping')],
    ['B', t('addresses.billing')],
  ];
  const failedNew = state.failed && state.failed.addressId === null ? state.failed : undefined;
  return (
    <div className="page account">
      <header className="account__head">
        <h1>{t('addresses.title')}</h1>
      </header>
      <AccountNav current="addresses" />
      {state.notice ? (
        <p className="notice notice--success" role="status">
          {t(state.notice === 'saved' ? 'addresses.saved' : 'addresses.deleted')}
        </p>
      ) : null}
      {state.failed?.errors.form ? (
        <p className="notice notice--error" role="alert">
          {state.failed.errors.form}
        </p>
      ) : null}
      {groups.map(([type, title]) => {
        const ofType = state.addresses.filter((a) => a.approachType === type);
        return (
          <section key={type} className="account__section" aria-labelledby={`addresses-${type}`}>
            <h2 id={`addresses-${type}`}>{title}</h2>
            {ofType.length === 0 ? <p>{t('addresses.none')}</p> : null}
            <ul className="address-book">
              {ofType.map((address) => {
                const failed = state.failed?.addressId === address.addressId ? state.failed : undefined;
                return (
                  <li key={address.addressId} className="address-book__entry">
                    <address className="address-book__text">
                      {address.main ? <span className="address-book__main">{t('addresses.main')}</span> : null}
                      <strong>
                        {address.firstName} {address.lastName}
                      </strong>
                      <br />
                      {address.addressLine1}
                      {address.addressLine2 ? `, ${address.addressLine2}` : ''}
                      <br />
                      {address.postalCode} {address.city}
                      {address.province ? `, ${address.province}` : ''}
                      <br />
                      {address.phone}
                    </address>
                    <div className="address-book__actions">
                      {address.main ? null : (
                        <form method="post" action={`${base}/${address.addressId}/main`}>
                          <button className="link-button" type="submit" aria-label={t('addresses.makeMainOf', { address: address.addressLine1 })}>
                            {t('addresses.makeMain')}
                          </button>
                        </form>
                      )}
                      <form method="post" action={`${base}/${address.addressId}/delete`}>
                        <button className="link-button" type="submit" aria-label={t('addresses.deleteOf', { address: address.addressLine1 })}>
                          {t('addresses.delete')}
                        </button>
                      </form>
                    </div>
                    <details className="address-book__edit" open={Boolean(failed)}>
                      <summary>{t('addresses.editOf', { address: address.addressLine1 })}</summary>
                      <AddressForm
                        id={`edit-${address.addressId}`}
                        action={`${base}/${address.addressId}`}
                        values={failed?.values ?? valuesOf(address)}
                        errors={failed?.errors ?? {}}
                        type={address.approachType}
                      />
                    </details>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      <section className="account__section" aria-labelledby="addresses-add">
        <h2 id="addresses-add">{t('addresses.add')}</h2>
        <AddressForm id="new" action={base} values={failedNew?.values ?? {}} errors={failedNew?.errors ?? {}} type={null} />
      </section>
    </div>
  );
}

function valuesOf(address: SavedAddress): Values {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2,
    city: address.city,
    postalCode: address.postalCode,
    province: address.province,
    phone: address.phone,
  };
}

/** The address fields under the site's country rules; a new address also says what it is for and whether it is main. */
function AddressForm({ id, action, values, errors, type }: { id: string; action: string; values: Values; errors: Errors; type: ApproachType | null }) {
  const { t, locale } = usePage();
  const countryCode = locale.site.countries[0] ?? 'US';
  const country = findCountry(countryCode);
  const provinces = provincesOf(countryCode);
  const field = (name: string) => `${id}-${name}`;
  return (
    <form className="form address-form" method="post" action={action} noValidate>
      <input type="hidden" name="countryCode" value={countryCode} />
      {type === null ? (
        <fieldset className="form__choices">
          <legend>{t('addresses.type')}</legend>
          {(['S', 'B'] as const).map((option) => (
            <label key={option} className="form__choice">
              <input type="radio" name="approachType" value={option} defaultChecked={(values.approachType ?? 'S') === option} />
              {t(option === 'S' ? 'addresses.typeS' : 'addresses.typeB')}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="form__row">
        <TextField
          id={field('firstName')}
          name="firstName"
          label={t('account.firstName')}
          autoComplete="given-name"
          maxLength={30}
          defaultValue={values.firstName ?? ''}
          error={errors.firstName}
          required
        />
        <TextField
          id={field('lastName')}
          name="lastName"
          label={t('account.lastName')}
          autoComplete="family-name"
          maxLength={30}
          defaultValue={values.lastName ?? ''}
          error={errors.lastName}
          required
        />
      </div>
      <TextField
        id={field('addressLine1')}
        name="addressLine1"
        label={t('checkout.addressLine1')}
        autoComplete="address-line1"
        maxLength={ADDRESS_LIMITS.addressLine}
        defaultValue={values.addressLine1 ?? ''}
        error={errors.addressLine1}
        required
      />
      <TextField
        id={field('addressLine2')}
        name="addressLine2"
        label={t('checkout.addressLine2')}
        autoComplete="address-line2"
        maxLength={ADDRESS_LIMITS.addressLine}
        defaultValue={values.addressLine2 ?? ''}
        error={errors.addressLine2}
      />
      <div className="form__row">
        <TextField
          id={field('city')}
          name="city"
          label={t('checkout.city')}
          autoComplete="address-level2"
          maxLength={ADDRESS_LIMITS.city}
          defaultValue={values.city ?? ''}
          error={errors.city}
          required
        />
        <TextField
          id={field('postalCode')}
          name="postalCode"
          label={t('account.postalCode')}
          autoComplete="postal-code"
          maxLength={ADDRESS_LIMITS.postalCode}
          defaultValue={values.postalCode ?? ''}
          error={errors.postalCode}
          required
        />
      </div>
      {provinces ? <ProvinceField id={field('province')} provinces={provinces} value={values.province ?? ''} error={errors.province} /> : null}
      <TextField
        id={field('phone')}
        name="phone"
        type="tel"
        label={t('checkout.phone')}
        autoComplete="tel"
        maxLength={20}
        defaultValue={values.phone ?? ''}
        error={errors.phone}
        hint={country ? t('addresses.phoneHint', { mask: country.phoneMask }) : undefined}
      />
      {type === null ? <CheckboxField id={field('main')} name="main" label={t('addresses.setMain')} defaultChecked={values.main === 'on'} /> : null}
      <div className="form__actions">
        <button className="button button--primary" type="submit">
          {t('addresses.save')}
        </button>
      </div>
    </form>
  );
}

/** The province or state, from the site country's list, said wrong at the field like the text inputs. */
function ProvinceField({ id, provinces, value, error }: { id: string; provinces: Record<string, string>; value: string; error: string | undefined }) {
  const { t } = usePage();
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {t('checkout.province')}
      </label>
      <select
        id={id}
        className="field__input"
        name="province"
        autoComplete="address-level1"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        required
      >
        <option value="">{t('addresses.choose')}</option>
        {Object.entries(provinces).map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
