// The checkout island (commerce-core §2, §4 Checkout): delivery, payment, review. The step is in the URL
// (?step=), so a reload and the back button keep it. Each step's answer is the server's: the island sends
// what the shopper typed and shows what came back, the refusal at its field or at the top. Errors are
// announced and focus moves to them. Card numbers stay in the processor's fields.

import { type ComponentType, type FormEvent, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { CHECKOUT_STEPS, type CheckoutAddress, type CheckoutProps, type CheckoutStep, checkoutPath } from '../../../shared/commerce/checkout.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { TextField } from '../../../shared/ui/form.tsx';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import { ApiError, callApi } from '../../api-answer.ts';
import { ADDRESS_FIELDS, AddressFields, type Errors } from './AddressFields.tsx';
import type { PaymentChoice, PaymentProps } from './Payment.tsx';
import type { ReviewProps } from './Review.tsx';

// Code each step needs comes with it: the payment step with the processor's card fields, the review (placing
// the order) after it, the 3-D Secure dialog only for a payment that asks for it. The server registers the
// steps whole (pages/checkout/CheckoutPage.tsx), so a page opened at a later step arrives rendered; the
// browser hydrates that step once its code, preloaded with the page, is in.
const loadPayment = () => import('./Payment.tsx');
export const steps: { Payment: ComponentType<PaymentProps>; Review: ComponentType<ReviewProps> } = {
  Payment: lazy(loadPayment),
  Review: lazy(() => import('./Review.tsx')),
};

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
type MovingTotals = { remainingToPay: number; display: Record<(typeof MOVING_TOTALS)[number], string> };

export default function Checkout(initial: CheckoutProps) {
  const { t, locale } = useI18n();
  // What is left to pay follows the cart's answers (the delivery address may add tax), formatted by the server.
  const [remaining, setRemaining] = useState({ amount: initial.remainingToPay, text: initial.remainingToPayText });
  const props: CheckoutProps = { ...initial, remainingToPay: remaining.amount, remainingToPayText: remaining.text };
  const showTotals = useCallback((totals: MovingTotals) => {
    setRemaining({ amount: totals.remainingToPay, text: totals.display.remainingToPay });
    for (const name of MOVING_TOTALS) {
      for (const cell of document.querySelectorAll(`[data-total="${name}"]`)) cell.textContent = totals.display[name];
    }
  }, []);
  const [step, setStep] = useState<CheckoutStep>(props.step);
  const [notice, setNotice] = useState<string | null>(props.notice);
  const [errors, setErrors] = useState<Errors>({});
  // What the address rules would write instead (CHK320): offered at the field, and needed before the address is taken.
  const [suggestions, setSuggestions] = useState<Errors>({});
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
  const [contacts, setContacts] = useState(props.pickupContacts);
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

  /**
   * The review step (prepareOrder): the basket re-priced, its amounts shown and recorded as the ones the order
   * must pay. Called on the way to the summary and after a refusal that says the amounts moved.
   */
  const review = useCallback(async () => {
    const cart = await callApi<{ totals: MovingTotals }>('POST', `/api/cart/v1/cart/prepareOrder?basketId=${encodeURIComponent(initial.basketId)}`, {});
    showTotals(cart.totals);
  }, [initial.basketId, showTotals]);

  useEffect(() => {
    const onPop = () => {
      const next = new URL(location.href).searchParams.get('step');
      setStep(CHECKOUT_STEPS.includes(next as CheckoutStep) ? (next as CheckoutStep) : 'shipping');
      setErrors({});
      // Back (or forward) to the summary: what it shows is reviewed again, so the order pays what it says.
      if (next === 'summary') review().catch(() => setNotice(t('error.general')));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [review, t]);

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
    // The next step's code loads while the address is checked.
    void loadPayment();
    setNotice(null);
    try {
      setInfo(null);
      if (props.needsAddress) {
        // The validation may suggest a correction (the state a ZIP code is in); the address is not taken without it.
        await callApi('POST', `/api/cart/v1/cart/${props.basketId}/shippingAddress/validation`, shipping);
        const cart = await callApi<{ shippingAddress: Record<string, unknown> | null; flash: { type: string; message: string }[]; totals: MovingTotals }>(
          'POST',
          `/api/cart/v2/cart/${props.basketId}/shippingAddress`,
          [{ ...shipping, ...(props.guest ? { email } : {}) }],
        );
        // The address as the rules wrote it ("k1a0b1" becomes "K1A 0B1"), and a word when it moved the tax.
        if (cart.shippingAddress) setShipping(addressOf(cart.shippingAddress));
        showTotals(cart.totals);
        // What the address changed on its own (the tax, an express delivery that cannot reach it), as the server words it.
        const changes = cart.flash.filter((f) => f.type === 'TAX310' || f.type === 'OrderShippingMethodDowngraded').map((f) => f.message);
        if (changes.length > 0) setInfo(changes.join(' '));
      }
      if (contacts) await callApi('PUT', `/api/cart/v1/cart/${props.basketId}/pickupContacts`, contacts);
      // With nothing to deliver, a guest's email travels with the billing address on the next step.
      go('billing');
    } catch (error) {
      refuse(error);
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
          <button type="submit" className="button button--primary checkout__next" disabled={busy} aria-busy={busy}>
            {t('checkout.continueToPayment')}
          </button>
        </form>
      ) : null}
      {step === 'billing' ? (
        <Suspense fallback={<div className="checkout__pending" />}>
          <steps.Payment
            props={props}
            email={email}
            shipping={shipping}
            billing={billing}
            setBilling={setBilling}
            billingSame={billingSame}
            setBillingSame={setBillingSame}
            choice={choice}
            setChoice={setChoice}
            saveCard={saveCard}
            setSaveCard={setSaveCard}
            setPayment={setPayment}
            errors={errors}
            suggestions={suggestions}
            busy={busy}
            setBusy={setBusy}
            setNotice={setNotice}
            go={go}
            refuse={refuse}
            onTotals={showTotals}
            review={review}
          />
        </Suspense>
      ) : null}
      {step === 'summary' ? (
        <Suspense fallback={<div className="checkout__pending" />}>
          <steps.Review
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
            review={review}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

type Collector = NonNullable<NonNullable<CheckoutProps['pickupContacts']>['collectionPoint']>;

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
