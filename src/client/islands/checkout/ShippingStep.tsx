// Checkout's first step: the shopper's email, the delivery address (a saved one or a new one) and, for a
// parcel collected by someone or picked up in a store, who collects it. The address is checked by the cart's
// rules before it is taken, and what it moved (the tax) comes back with it.

import { type FormEvent, useRef } from 'react';
import type { CheckoutAddress, CheckoutProps, CheckoutStep } from '../../../shared/commerce/checkout.ts';
import { TextField } from '../../../shared/ui/form.tsx';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import { callRoute } from '../../api-answer.ts';
import { BotCheck } from '../../bot-check.tsx';
import type { BotToken } from '../../bot-token.ts';
import { ADDRESS_FIELDS, AddressFields, type Errors } from './AddressFields.tsx';

export const loadPayment = () => import('./Payment.tsx');

/** A blank address in `country` (ADDRESS_FIELDS names every field an address has). */
export const EMPTY_ADDRESS = (country: string): CheckoutAddress =>
  ({ ...Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, ''])), countryCode: country }) as unknown as CheckoutAddress;

/** The address fields of an answer's address (which may carry more, such as an email). */
const addressOf = (answer: Record<string, unknown>): CheckoutAddress =>
  Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, String(answer[field] ?? '')])) as unknown as CheckoutAddress;

/** The summary's figures an address moves (the tax, and with it the total): the page's own, rewritten. */
export const MOVING_TOTALS = ['tax', 'total', 'remainingToPay'] as const;
export type MovingTotals = { remainingToPay: number; display: Record<(typeof MOVING_TOTALS)[number], string> };

type Contacts = CheckoutProps['pickupContacts'];

export interface ShippingStepProps {
  props: CheckoutProps;
  email: string;
  setEmail: (email: string) => void;
  shipping: CheckoutAddress;
  setShipping: (address: CheckoutAddress) => void;
  contacts: Contacts;
  setContacts: (contacts: Contacts) => void;
  errors: Errors;
  suggestions: Errors;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  setNotice: (notice: string | null) => void;
  /** A word on what the address changed on its own, as the server words it. */
  setInfo: (info: string | null) => void;
  go: (step: CheckoutStep) => void;
  refuse: (error: unknown) => void;
  onTotals: (totals: MovingTotals) => void;
}

export function ShippingStep(step: ShippingStepProps) {
  const { props, email, shipping, setShipping, contacts, setContacts, errors, busy, setBusy, setNotice, setInfo, go, refuse, onTotals } = step;
  const { t } = useI18n();
  // A guest's address carries the bot check (commerce-core §5); a token vouches once, so each try takes a new one.
  const bot = useRef<BotToken>({ token: undefined, reset: () => undefined });
  const botCheck = props.guest && props.needsAddress && props.botSiteKey;
  const submitShipping = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    // The next step's code loads while the address is checked.
    void loadPayment();
    setNotice(null);
    try {
      setInfo(null);
      if (props.needsAddress) {
        // The validation may suggest a correction (the state a ZIP code is in); the address is not taken without it.
        await callRoute('POST', `/api/cart/v1/cart/${props.basketId}/shippingAddress/validation`, shipping);
        const token = bot.current.token;
        bot.current.reset();
        const cart = await callRoute('POST', `/api/cart/v2/cart/${props.basketId}/shippingAddress`, [
          { ...shipping, ...(props.guest ? { email } : {}), ...(token ? { recaptcha_response: token } : {}) },
        ]);
        // The address as the rules wrote it ("k1a0b1" becomes "K1A 0B1"), and a word when it moved the tax.
        if (cart.shippingAddress) setShipping(addressOf(cart.shippingAddress));
        onTotals(cart.totals);
        // What the address changed on its own (the tax, an express delivery that cannot reach it), as the server words it.
        const changes = cart.flash.filter((f) => f.type === 'TAX310' || f.type === 'OrderShippingMethodDowngraded').map((f) => f.message);
        if (changes.length > 0) setInfo(changes.join(' '));
      }
      if (contacts) await callRoute('PUT', `/api/cart/v1/cart/${props.basketId}/pickupContacts`, contacts);
      // With nothing to deliver, a guest's email travels with the billing address on the next step.
      go('billing');
    } catch (error) {
      refuse(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="checkout__form" noValidate onSubmit={submitShipping}>
      {props.guest ? (
        <TextField
          id="checkout-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          label={t('checkout.email')}
          value={email}
          onChange={(e) => step.setEmail(e.target.value)}
          error={errors.email}
        />
      ) : (
        <p>{t('checkout.signedInAs', { email })}</p>
      )}
      {props.needsAddress ? <DeliveryAddress {...step} /> : <p className="notice notice--info">{t('checkout.pickupOnly')}</p>}
      {contacts?.collectionPoint ? (
        <CollectorFields value={contacts.collectionPoint} onChange={(collectionPoint) => setContacts({ ...contacts, collectionPoint })} errors={errors} />
      ) : null}
      {contacts?.storePickup ? (
        <TextField
          id="pickup-email"
          name="pickupEmail"
          type="email"
          autoComplete="email"
          required
          label={t('checkout.pickupEmail')}
          value={contacts.storePickup.email}
          onChange={(e) => setContacts({ ...contacts, storePickup: { email: e.target.value } })}
          error={errors['storePickup.email']}
        />
      ) : null}
      {botCheck ? <BotCheck siteKey={botCheck} action="shippingAddress" handle={bot} /> : null}
      <button type="submit" className="button button--primary checkout__next" disabled={busy} aria-busy={busy}>
        {t('checkout.continueToPayment')}
      </button>
    </form>
  );
}

/** The delivery address: one of the shopper's saved ones to start from, or a new one. */
function DeliveryAddress({ props, shipping, setShipping, errors, suggestions }: ShippingStepProps) {
  const { t } = useI18n();
  return (
    <fieldset className="checkout__fieldset">
      <legend>{t('checkout.deliveryAddress')}</legend>
      {props.savedAddresses.length > 0 ? (
        <div className="field">
          <label className="field__label" htmlFor="checkout-saved-address">
            {t('checkout.savedAddress')}
          </label>
          <select
            id="checkout-saved-address"
            className="field__input"
            onChange={(e) => {
              const saved = props.savedAddresses.find((a) => a.addressId === e.target.value);
              setShipping(saved ? saved.address : EMPTY_ADDRESS(props.countries[0] ?? 'US'));
            }}
          >
            {props.savedAddresses.map((saved) => (
              <option key={saved.addressId} value={saved.addressId}>
                {`${saved.address.firstName} ${saved.address.lastName}, ${saved.address.addressLine1}, ${saved.address.city}`}
              </option>
            ))}
            <option value="">{t('checkout.newAddress')}</option>
          </select>
        </div>
      ) : null}
      <AddressFields
        id="ship"
        value={shipping}
        onChange={setShipping}
        errors={errors}
        suggestions={suggestions}
        prefix=""
        countries={props.countries}
        rules={props.addressRules}
      />
    </fieldset>
  );
}

type Collector = NonNullable<NonNullable<Contacts>['collectionPoint']>;

/** Who collects a parcel at a pickup point: the carrier sends the code to their phone and checks their name. */
function CollectorFields({ value, onChange, errors }: { value: Collector; onChange: (value: Collector) => void; errors: Errors }) {
  const { t } = useI18n();
  return (
    <fieldset className="checkout__fieldset">
      <legend>{t('checkout.collector')}</legend>
      {(['contactName', 'mobilePhone', 'email'] as const).map((field) => (
        <TextField
          key={field}
          id={`collector-${field}`}
          name={field}
          label={t(`checkout.collector.${field}`)}
          type={field === 'mobilePhone' ? 'tel' : field === 'email' ? 'email' : 'text'}
          autoComplete={field === 'mobilePhone' ? 'tel' : field === 'email' ? 'email' : 'name'}
          required
          value={value[field]}
          onChange={(e) => onChange({ ...value, [field]: e.target.value })}
          error={errors[`collectionPoint.${field}`]}
        />
      ))}
    </fieldset>
  );
}
