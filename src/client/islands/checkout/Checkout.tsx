// The checkout island (commerce-core §2, §4 Checkout): delivery, payment, review. The step is in the URL
// (?step=), so a reload and the back button keep it. Each step's answer is the server's: the island sends
// what the shopper typed and shows what came back, the refusal at its field or at the top. Errors are
// announced and focus moves to them. Card numbers stay in the processor's fields.

import { type FormEvent, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { type AddressFormRules, CHECKOUT_STEPS, type CheckoutAddress, type CheckoutProps, type CheckoutStep, checkoutPath } from '../../../shared/checkout.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { formatMoney } from '../../../shared/money.ts';
import { capitalize } from '../../../shared/text-case.ts';
import { CheckboxField, TextField } from '../../../shared/ui/form.tsx';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import { ApiError, callApi } from '../../api-answer.ts';
import { CardFieldsSlot } from './CardFieldsSlot.tsx';
import type { CardFields } from './card-fields.ts';

// Code each step needs comes with it: the review (placing the order) after the payment step, the card
// fields with the payment step, the 3-D Secure dialog only for a payment that asks for it.
const Review = lazy(() => import('./Review.tsx'));

type Errors = Record<string, string>;
type PaymentChoice = 'card' | `saved:${string}` | 'PAYPAL' | 'KLARNA';

const ADDRESS_FIELDS = ['firstName', 'lastName', 'addressLine1', 'addressLine2', 'city', 'postalCode', 'province', 'countryCode', 'phone'] as const;

const EMPTY_ADDRESS = (country: string): CheckoutAddress => ({
  firstName: '',
  lastName: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  postalCode: '',
  province: '',
  countryCode: country,
  phone: '',
});

/** Field errors from a refusal: the details that name a field, at that field. */
function fieldErrors(error: ApiError, prefix = '', what: 'message' | 'suggestion' = 'message'): Errors {
  const errors: Errors = {};
  for (const detail of error.details) if (detail.field && detail[what]) errors[`${prefix}${detail.field}`] = detail[what];
  return errors;
}

/** The address fields of an answer's address (which may carry more, such as an email). */
const addressOf = (answer: Record<string, unknown>): CheckoutAddress =>
  Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, String(answer[field] ?? '')])) as unknown as CheckoutAddress;

/** The summary's figures an address moves (the tax, and with it the total): the page's own, rewritten. */
const MOVING_TOTALS = ['tax', 'total', 'remainingToPay'] as const;
type MovingTotals = Record<(typeof MOVING_TOTALS)[number], number>;

export default function Checkout(initial: CheckoutProps) {
  const { t, locale, localeTag } = useI18n();
  // What is left to pay follows the cart's answers: the delivery address may add tax to it.
  const [remainingToPay, setRemainingToPay] = useState(initial.remainingToPay);
  const props: CheckoutProps = {
    ...initial,
    remainingToPay,
    remainingToPayText: remainingToPay === initial.remainingToPay ? initial.remainingToPayText : formatMoney(remainingToPay, initial.currency, localeTag),
  };
  const showTotals = (totals: MovingTotals) => {
    setRemainingToPay(totals.remainingToPay);
    for (const name of MOVING_TOTALS) {
      for (const cell of document.querySelectorAll(`[data-total="${name}"]`)) cell.textContent = formatMoney(totals[name], initial.currency, localeTag);
    }
  };
  // The review step's code arrives after hydration: a page opened at that step renders it once mounted.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const [step, setStep] = useState<CheckoutStep>(props.step);
  const [notice, setNotice] = useState<string | null>(props.notice);
  const [errors, setErrors] = useState<Errors>({});
  // What the address rules would write instead (CHK320): offered at the field; continuing again keeps the shopper's.
  const [suggestions, setSuggestions] = useState<Errors>({});
  const kept = useRef('');
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState(props.email);
  const [shipping, setShipping] = useState<CheckoutAddress>(
    props.shippingAddress ?? props.savedAddresses[0]?.address ?? EMPTY_ADDRESS(props.countries[0] ?? 'US'),
  );
  const [billingSame, setBillingSame] = useState(props.needsAddress);
  const [billing, setBilling] = useState<CheckoutAddress>(props.billingAddress ?? props.shippingAddress ?? EMPTY_ADDRESS(props.countries[0] ?? 'US'));
  const mainCard = props.savedCards.find((card) => card.main) ?? props.savedCards[0];
  const [choice, setChoice] = useState<PaymentChoice>(
    props.payment?.savedCardId
      ? `saved:${props.payment.savedCardId}`
      : props.payment?.method === 'PAYPAL' || props.payment?.method === 'KLARNA'
        ? props.payment.method
        : mainCard
          ? `saved:${mainCard.paymentInstrumentId}`
          : 'card',
  );
  const [saveCard, setSaveCard] = useState(false);
  const [payment, setPayment] = useState(props.payment);
  const noticeRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Where focus goes once the render that asked for it is on screen: a new step's heading, or the notice.
  const [focusTarget, setFocusTarget] = useState<{ to: 'heading' | 'notice' } | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    (focusTarget.to === 'notice' ? noticeRef : headingRef).current?.focus();
  }, [focusTarget]);

  const go = useCallback(
    (next: CheckoutStep, push = true) => {
      setStep(next);
      setErrors({});
      setSuggestions({});
      if (push) history.pushState({ step: next }, '', checkoutPath(locale, next));
      setFocusTarget({ to: 'heading' });
    },
    [locale],
  );

  useEffect(() => {
    const onPop = () => {
      const next = new URL(location.href).searchParams.get('step');
      setStep(CHECKOUT_STEPS.includes(next as CheckoutStep) ? (next as CheckoutStep) : 'shipping');
      setErrors({});
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  /** A refusal: at its fields when it names them, and always said at the top, where focus goes. */
  const refuse = (error: unknown, prefix = '') => {
    if (error instanceof ApiError) {
      setErrors(fieldErrors(error, prefix));
      setSuggestions(fieldErrors(error, prefix, 'suggestion'));
      const key = `error.${error.errorId}` as MessageKey;
      setNotice(error.message || t(key));
    } else setNotice(t('error.general'));
    setFocusTarget({ to: 'notice' });
  };

  const submitShipping = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      setInfo(null);
      if (props.needsAddress) {
        // The validation may suggest a correction; an address the shopper was offered one for and kept goes as it is.
        const typed = JSON.stringify(shipping);
        if (kept.current !== typed) {
          kept.current = typed;
          await callApi('POST', `/api/cart/v1/cart/${props.basketId}/shippingAddress/validation`, shipping);
        }
        const cart = await callApi<{ shippingAddress: Record<string, unknown> | null; flash: { type: string }[]; totals: MovingTotals }>(
          'POST',
          `/api/cart/v2/cart/${props.basketId}/shippingAddress`,
          [{ ...shipping, ...(props.guest ? { email } : {}) }],
        );
        // The address as the rules wrote it ("k1a0b1" becomes "K1A 0B1"), and a word when it moved the tax.
        if (cart.shippingAddress) setShipping(addressOf(cart.shippingAddress));
        showTotals(cart.totals);
        if (cart.flash.some((f) => f.type === 'TAX310')) setInfo(t('error.taxUpdated'));
      }
      // With nothing to deliver, a guest's email travels with the billing address on the next step.
      go('billing');
    } catch (error) {
      refuse(error);
    } finally {
      setBusy(false);
    }
  };

  const fields = useRef<CardFields | null>(null);
  const submitBilling = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      const address = billingSame ? shipping : billing;
      await callApi('POST', `/api/cart/v1/cart/${props.basketId}/billingAddress`, { ...address, email });
      if (props.remainingToPay > 0) {
        if (choice === 'PAYPAL' || choice === 'KLARNA') {
          await callApi('POST', `/api/cart/v1/cart/${props.basketId}/paymentInstruments`, { payment_method_id: choice });
          setPayment({ method: choice });
        } else {
          const tokenized = await fields.current?.tokenize();
          if (!tokenized?.ok) {
            setBusy(false);
            return;
          }
          const additionalDetails =
            choice === 'card' ? { token: tokenized.token, save: saveCard } : { paymentInstrumentId: choice.slice(6), cvcToken: tokenized.token };
          const cart = await callApi<{ payment?: CheckoutProps['payment'] }>('POST', `/api/cart/v1/cart/${props.basketId}/paymentInstruments`, {
            payment_method_id: 'CREDIT_CARD',
            additionalDetails,
          });
          setPayment(cart.payment ?? null);
        }
      }
      go('summary');
    } catch (error) {
      refuse(error, billingSame ? '' : 'billing.');
    } finally {
      setBusy(false);
    }
  };

  const stepIndex = CHECKOUT_STEPS.indexOf(step) + 1;
  return (
    <div className="checkout">
      <ol className="checkout__steps">
        {CHECKOUT_STEPS.map((name, index) => (
          <li key={name} aria-current={name === step ? 'step' : undefined} className={index + 1 < stepIndex ? 'is-done' : undefined}>
            {t(`checkout.step.${name}` as MessageKey)}
          </li>
        ))}
      </ol>
      <div ref={noticeRef} tabIndex={-1} className={notice ? 'notice notice--error' : 'checkout__notice'} role="alert">
        {notice}
      </div>
      {props.checkoutStatus === 'EXPRESS' ? <p className="notice notice--info">{t('checkout.express')}</p> : null}
      <p className={info ? 'notice notice--info' : 'checkout__notice'} role="status">
        {info}
      </p>
      <h2 ref={headingRef} tabIndex={-1} className="checkout__heading">
        <span className="checkout__step-of">{t('checkout.stepOf', { n: stepIndex })}</span> {t(`checkout.step.${step}` as MessageKey)}
      </h2>
      {step === 'shipping' ? (
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
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email}
            />
          ) : (
            <p>{t('checkout.signedInAs', { email })}</p>
          )}
          {props.needsAddress ? (
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
          ) : (
            <p className="notice notice--info">{t('checkout.pickupOnly')}</p>
          )}
          <button type="submit" className="button button--primary checkout__next" disabled={busy} aria-busy={busy}>
            {t('checkout.continueToPayment')}
          </button>
        </form>
      ) : null}
      {step === 'billing' ? (
        <form className="checkout__form" noValidate onSubmit={submitBilling}>
          <fieldset className="checkout__fieldset">
            <legend>{t('checkout.billingAddress')}</legend>
            {props.needsAddress ? (
              <CheckboxField
                id="checkout-billing-same"
                name="billingSame"
                label={t('checkout.billingSame')}
                checked={billingSame}
                onChange={(e) => setBillingSame(e.target.checked)}
              />
            ) : null}
            {billingSame ? null : (
              <AddressFields
                id="bill"
                value={billing}
                onChange={setBilling}
                errors={errors}
                suggestions={suggestions}
                prefix="billing."
                countries={props.countries}
                rules={props.addressRules}
              />
            )}
          </fieldset>
          {props.remainingToPay > 0 ? (
            <fieldset className="checkout__fieldset">
              <legend>
                {t('checkout.payWith')} ({props.remainingToPayText})
              </legend>
              <div className="checkout__methods">
                {props.savedCards.map((card) => (
                  <Radio key={card.paymentInstrumentId} name="payment" value={`saved:${card.paymentInstrumentId}`} choice={choice} onChoose={setChoice}>
                    {t('checkout.savedCard', {
                      brand: card.brand.toUpperCase(),
                      last4: card.last4,
                      month: String(card.expMonth).padStart(2, '0'),
                      year: card.expYear,
                    })}
                  </Radio>
                ))}
                <Radio name="payment" value="card" choice={choice} onChoose={setChoice}>
                  {t('checkout.card')}
                </Radio>
                {props.wallets.map((wallet) => (
                  <Radio key={wallet} name="payment" value={wallet} choice={choice} onChoose={setChoice}>
                    {wallet === 'PAYPAL' ? t('checkout.paypal') : t('checkout.klarna')}
                  </Radio>
                ))}
              </div>
              {choice === 'card' || choice.startsWith('saved:') ? (
                <CardFieldsSlot key={choice} config={props.cardFields} mode={choice === 'card' ? 'card' : 'cvc'} fieldsRef={fields} />
              ) : (
                <p className="checkout__hint">{t('checkout.walletNote', { wallet: choice === 'PAYPAL' ? 'PayPal' : 'Klarna' })}</p>
              )}
              {choice === 'card' && !props.guest ? (
                <CheckboxField
                  id="checkout-save-card"
                  name="saveCard"
                  label={t('checkout.saveCard')}
                  checked={saveCard}
                  onChange={(e) => setSaveCard(e.target.checked)}
                />
              ) : null}
            </fieldset>
          ) : null}
          <div className="checkout__actions">
            <button type="button" className="button button--secondary" onClick={() => go('shipping')}>
              {t('checkout.step.shipping')}
            </button>
            <button type="submit" className="button button--primary checkout__next" disabled={busy} aria-busy={busy}>
              {t('checkout.continueToReview')}
            </button>
          </div>
        </form>
      ) : null}
      {step === 'summary' && mounted ? (
        <Suspense fallback={null}>
          <Review
            props={props}
            payment={payment}
            setPayment={setPayment}
            email={email}
            shipping={shipping}
            billing={billingSame ? shipping : billing}
            busy={busy}
            setBusy={setBusy}
            setNotice={setNotice}
            go={go}
            refuse={refuse}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function Radio<V extends string>({
  name,
  value,
  choice,
  onChoose,
  children,
}: {
  name: string;
  value: V;
  choice: string;
  onChoose: (value: V) => void;
  children: string;
}) {
  const id = `${name}-${value.replace(/\W/g, '-')}`;
  return (
    <div className="checkout__method">
      <input type="radio" id={id} name={name} value={value} checked={choice === value} onChange={() => onChoose(value)} />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}

function AddressFields(props: {
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
        </button>{' '}
        {t('checkout.keepEntered')}
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
