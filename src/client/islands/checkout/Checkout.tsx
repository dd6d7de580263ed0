// The checkout island (commerce-core §2, §4 Checkout): delivery, payment, review. The step is in the URL
// (?step=), so a reload and the back button keep it. Each step's answer is the server's: the island sends
// what the shopper typed and shows what came back, the refusal at its field or at the top. Errors are
// announced and focus moves to them. Card numbers stay in the processor's fields.

import { type ComponentType, lazy, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { CHECKOUT_STEPS, type CheckoutAddress, type CheckoutProps, type CheckoutStep, checkoutPath } from '../../../shared/commerce/checkout.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import { ApiError, callRoute } from '../../api-answer.ts';
import type { Errors } from './AddressFields.tsx';
import type { PaymentChoice, PaymentProps } from './Payment.tsx';
import type { ReviewProps } from './Review.tsx';
import { EMPTY_ADDRESS, loadPayment, MOVING_TOTALS, type MovingTotals, ShippingStep } from './ShippingStep.tsx';

// Code each step needs comes with it: the payment step with the processor's card fields, the review (placing
// the order) after it, the 3-D Secure dialog only for a payment that asks for it. The server registers the
// steps whole (pages/checkout/CheckoutPage.tsx), so a page opened at a later step arrives rendered; the
// browser hydrates that step once its code, preloaded with the page, is in.
export const steps: { Payment: ComponentType<PaymentProps>; Review: ComponentType<ReviewProps> } = {
  Payment: lazy(loadPayment),
  Review: lazy(() => import('./Review.tsx')),
};

/** Field errors from a refusal: the details that name a field, at that field. */
function fieldErrors(error: ApiError, prefix = '', what: 'message' | 'suggestion' = 'message'): Errors {
  const errors: Errors = {};
  for (const detail of error.details) if (detail.field && detail[what]) errors[`${prefix}${detail.field}`] = detail[what];
  return errors;
}

/**
 * Refusals the island says in the store's own words (commerce-core §7: a known code shows the product's
 * message), in the page's language: the server's words for them are English and name no field on the page.
 */
const OWN_WORDS: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  ['FE309', 'error.cardExpiry'],
  ['PYT400', 'error.paymentNotEnough'],
  ['ORD400', 'error.orderEmail'],
]);

/** The payment chosen before (a saved card, a wallet), else the shopper's main card, else a new card. */
function initialChoice(props: CheckoutProps): PaymentChoice {
  const mainCard = props.savedCards.find((card) => card.main) ?? props.savedCards[0];
  if (props.payment?.savedCardId) return `saved:${props.payment.savedCardId}`;
  if (props.payment?.method === 'PAYPAL' || props.payment?.method === 'KLARNA') return props.payment.method;
  return mainCard ? `saved:${mainCard.paymentInstrumentId}` : 'card';
}

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
  const [choice, setChoice] = useState<PaymentChoice>(() => initialChoice(props));
  const [saveCard, setSaveCard] = useState(false);
  const [payment, setPayment] = useState(props.payment);
  const [contacts, setContacts] = useState(props.pickupContacts);
  const { noticeRef, headingRef, setFocusTarget } = useFocusTarget(props.notice !== null);

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
    const cart = await callRoute('POST', `/api/cart/v1/cart/prepareOrder?basketId=${encodeURIComponent(initial.basketId)}`);
    showTotals(cart.totals);
  }, [initial.basketId, showTotals]);

  useStepsInHistory(setStep, setErrors, review, setNotice);

  /** A refusal: at its fields when it names them, and always said at the top, where focus goes. */
  const refuse = (error: unknown, prefix = '') => {
    if (error instanceof ApiError) {
      setErrors(fieldErrors(error, prefix));
      setSuggestions(fieldErrors(error, prefix, 'suggestion'));
      const key = OWN_WORDS.get(error.errorId);
      setNotice(key ? t(key) : error.message || t(`error.${error.errorId}` as MessageKey));
    } else setNotice(t('error.general'));
    setFocusTarget({ to: 'notice' });
  };

  // What every step is given: the page, the shopper's answers so far, and the ways to move on or be refused.
  const common = { props, email, shipping, busy, setBusy, setNotice, go, refuse };
  return (
    <div className="checkout">
      <StepHeader step={step} notice={notice} info={info} express={props.checkoutStatus === 'EXPRESS'} noticeRef={noticeRef} headingRef={headingRef} />
      {step === 'shipping' ? (
        <ShippingStep
          {...common}
          setEmail={setEmail}
          setShipping={setShipping}
          contacts={contacts}
          setContacts={setContacts}
          errors={errors}
          suggestions={suggestions}
          setInfo={setInfo}
          onTotals={showTotals}
        />
      ) : null}
      {step === 'billing' ? (
        <Suspense fallback={<div className="checkout__pending" />}>
          <steps.Payment
            {...common}
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
            onTotals={showTotals}
            review={review}
          />
        </Suspense>
      ) : null}
      {step === 'summary' ? (
        <Suspense fallback={<div className="checkout__pending" />}>
          <steps.Review {...common} payment={payment} setPayment={setPayment} billing={billingSame ? shipping : billing} review={review} />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * Where focus goes once the render that asked for it is on screen: a new step's heading, or the notice; a page
 * opened with a notice (a payment refused on the way here) starts on it.
 */
function useFocusTarget(openedWithNotice: boolean) {
  const noticeRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusTarget, setFocusTarget] = useState<{ to: 'heading' | 'notice' } | null>(openedWithNotice ? { to: 'notice' } : null);
  useEffect(() => {
    if (!focusTarget) return;
    (focusTarget.to === 'notice' ? noticeRef : headingRef).current?.focus();
  }, [focusTarget]);
  return { noticeRef, headingRef, setFocusTarget };
}

/** The back and forward buttons move between the steps the URL names. */
function useStepsInHistory(
  setStep: (step: CheckoutStep) => void,
  setErrors: (errors: Errors) => void,
  review: () => Promise<void>,
  setNotice: (notice: string) => void,
) {
  const { t } = useI18n();
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
  }, [review, t, setStep, setErrors, setNotice]);
}

interface StepHeaderProps {
  step: CheckoutStep;
  notice: string | null;
  info: string | null;
  express: boolean;
  noticeRef: RefObject<HTMLDivElement | null>;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** The steps and where the shopper is in them, the refusal and the news of the last answer, and the step's heading. */
function StepHeader({ step, notice, info, express, noticeRef, headingRef }: StepHeaderProps) {
  const { t } = useI18n();
  const stepIndex = CHECKOUT_STEPS.indexOf(step) + 1;
  return (
    <>
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
      {express ? <p className="notice notice--info">{t('checkout.express')}</p> : null}
      <p className={info ? 'notice notice--info' : 'checkout__notice'} role="status">
        {info}
      </p>
      <h2 ref={headingRef} tabIndex={-1} className="checkout__heading">
        <span className="checkout__step-of">{t('checkout.stepOf', { n: stepIndex })}</span> {t(`checkout.step.${step}` as MessageKey)}
      </h2>
    </>
  );
}
