// The address form of the checkout's delivery and payment steps, from the country's rules as the API serves
// them (commerce-core §5): lengths, the province list, the transforms applied on leaving a field, and a
// correction the validation suggests, offered beside its field.

import type { AddressFormRules, CheckoutAddress } from '../../../shared/commerce/checkout.ts';
import { capitalize } from '../../../shared/locale/text-case.ts';
import { TextField } from '../../../shared/ui/form.tsx';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';

export type Errors = Record<string, string>;

export const ADDRESS_FIELDS = ['firstName', 'lastName', 'addressLine1', 'addressLine2', 'city', 'postalCode', 'province', 'countryCode', 'phone'] as const;

export function AddressFields(props: {
  id: string;
  value: CheckoutAddress;
  onChange: (address: CheckoutAddress) => void;
  errors: Errors;
  suggestions: Errors;
  prefix: string;
  countries: string[];
  rules: Record<string, AddressFormRules>;
}) {
  const { t } = useI18n();
  const set = (field: keyof CheckoutAddress) => (event: { target: { value: string } }) => props.onChange({ ...props.value, [field]: event.target.value });
  const error = (field: string) => props.errors[`${props.prefix}${field}`];
  const rules = props.rules[props.value.countryCode];
  const provinces = rules?.provinces;
  // The rules' transforms, applied as the shopper leaves a field, so what they see is what will be printed.
  const conform = (field: keyof CheckoutAddress) => () => {
    const transform = rules?.transforms[field];
    const value = props.value[field];
    const next = transform === 'uppercase' ? value.toUpperCase() : transform === 'capitalize' ? capitalize(value) : value;
    if (next !== value) props.onChange({ ...props.value, [field]: next });
  };
  const suggestion = (field: keyof CheckoutAddress) => {
    const value = props.suggestions[`${props.prefix}${field}`];
    if (!value) return null;
    const label = field === 'province' ? (provinces?.find((p) => p.value === value)?.label ?? value) : value;
    return (
      <p className="checkout__suggestion">
        <button type="button" className="link-button" onClick={() => props.onChange({ ...props.value, [field]: value })}>
          {t('checkout.useSuggestion', { value: label })}
        </button>
      </p>
    );
  };
  const labels: Record<(typeof ADDRESS_FIELDS)[number], string> = {
    firstName: t('account.firstName'),
    lastName: t('account.lastName'),
    addressLine1: t('checkout.addressLine1'),
    addressLine2: t('checkout.addressLine2'),
    city: t('checkout.city'),
    postalCode: t('account.postalCode'),
    province: t('checkout.province'),
    countryCode: t('checkout.country'),
    phone: t('checkout.phone'),
  };
  const autocomplete: Record<string, string> = {
    firstName: 'given-name',
    lastName: 'family-name',
    addressLine1: 'address-line1',
    addressLine2: 'address-line2',
    city: 'address-level2',
    postalCode: 'postal-code',
    phone: 'tel',
  };
  const section = props.id === 'ship' ? 'shipping' : 'billing';
  return (
    <div className="checkout__address">
      {ADDRESS_FIELDS.map((field) => {
        const id = `${props.id}-${field}`;
        if (field === 'countryCode' || (field === 'province' && provinces)) {
          const options = field === 'countryCode' ? props.countries.map((code) => ({ value: code, label: code })) : (provinces ?? []);
          return (
            <div className="field" key={field}>
              <label className="field__label" htmlFor={id}>
                {labels[field]}
              </label>
              <select
                id={id}
                className="field__input"
                value={props.value[field]}
                onChange={set(field)}
                autoComplete={`${section} ${field === 'countryCode' ? 'country' : 'address-level1'}`}
                aria-invalid={error(field) ? 'true' : undefined}
                aria-describedby={error(field) ? `${id}-error` : undefined}
              >
                {field === 'province' ? <option value="" /> : null}
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              {error(field) ? (
                <p className="field__error" id={`${id}-error`}>
                  {error(field)}
                </p>
              ) : null}
              {suggestion(field)}
            </div>
          );
        }
        if (field === 'province') return null;
        return (
          <div key={field}>
            <TextField
              id={id}
              name={field}
              label={labels[field]}
              value={props.value[field]}
              onChange={set(field)}
              onBlur={conform(field)}
              maxLength={rules?.max[field]}
              autoComplete={`${section} ${autocomplete[field] ?? ''}`}
              type={field === 'phone' ? 'tel' : 'text'}
              required={field !== 'addressLine2'}
              error={error(field)}
            />
            {suggestion(field)}
          </div>
        );
      })}
    </div>
  );
}
