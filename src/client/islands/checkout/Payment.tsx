// The payment step (commerce-core §3 payment methods, §4 checkout): the billing address (the delivery
// address or another), then how the rest is paid: a saved card (its security code asked again), a new card
// in the processor's own fields, or a redirect wallet. Loaded when the shopper reaches the step, with the
// processor's fields; the step before it does not need either.

import { type FormEvent, lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import type { CheckoutAddress, CheckoutProps, CheckoutStep } from '../../../shared/commerce/checkout.ts';
import { CheckboxField } from '../../../shared/ui/form.tsx';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import { callRoute } from '../../api-answer.ts';
import { AddressFields, type Errors } from './AddressFields.tsx';
import { CardFieldsSlot } from './CardFieldsSlot.tsx';
import type { CardFields } from './card-fields.ts';

// Klarna's plan is asked for when the shopper wants to see it: its code and its call come then.
const PayLaterDialog = lazy(() => import('./PayLaterDialog.tsx'));

export type PaymentChoice = 'card' | `saved:${string}` | 'PAYPAL' | 'KLARNA' | 'DW_APPLE_PAY';

export interface PaymentProps {
  props: CheckoutProps;
  email: string;
  shipping: CheckoutAddress;
  billing: CheckoutAddress;
  setBilling: (address: CheckoutAddress) => void;
  billingSame: boolean;
  setBillingSame: (same: boolean) => void;
  choice: PaymentChoice;
  setChoice: (choice: PaymentChoice) => void;
  saveCard: boolean;
  setSaveCard: (save: boolean) => void;
  setPayment: (payment: CheckoutProps['payment']) => void;
  errors: Errors;
  suggestions: Errors;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  setNotice: (notice: string | null) => void;
  go: (step: CheckoutStep) => void;
  refuse: (error: unknown, prefix?: string) => void;
  /** A cart answer that moved what is left to pay (the athlete allowance taken on or off). */
  onTotals: (totals: { remainingToPay: number; display: { tax: string; total: string; remainingToPay: string } }) => void;
  /** The review step's call: the amounts the summary shows and the order must pay. */
  review: () => Promise<void>;
}

export default function Payment({
  props,
  email,
  shipping,
  billing,
  setBilling,
  billingSame,
  setBillingSame,
  choice,
  setChoice,
  saveCard,
  setSaveCard,
  setPayment,
  errors,
  suggestions,
  busy,
  setBusy,
  setNotice,
  go,
  refuse,
  onTotals,
  review,
}: PaymentProps) {
  const { t } = useI18n();
  const [athletePays, setAthletePays] = useState(props.athlete?.applied ?? false);
  const useAllowance = async (on: boolean) => {
    setBusy(true);
    setNotice(null);
    try {
      const cart = await callRoute(
        on ? 'POST' : 'DELETE',
        `/api/cart/v1/cart/${props.basketId}/paymentInstruments`,
        on ? { payment_method_id: 'ATHLETES_PAYMENT' } : { payment_instrument_id: 'athletes' },
      );
      setAthletePays(on);
      onTotals(cart.totals);
    } catch (error) {
      refuse(error);
    } finally {
      setBusy(false);
    }
  };
  // Apple Pay only on a device that has it; known after hydration, so the server's render and the first match.
  const [applePay, setApplePay] = useState(false);
  useEffect(() => {
    if (!props.wallets.includes('DW_APPLE_PAY') || !('ApplePaySession' in window)) return;
    void import('../../apple-pay/session.ts').then((module) => setApplePay(module.applePayAvailable()));
  }, [props.wallets]);
  const fields = useRef<CardFields | null>(null);
  const submitBilling = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      const address = billingSame ? shipping : billing;
      await callRoute('POST', `/api/cart/v1/cart/${props.basketId}/billingAddress`, { ...address, email });
      if (props.remainingToPay > 0) {
        if (choice === 'PAYPAL' || choice === 'KLARNA' || choice === 'DW_APPLE_PAY') {
          await callRoute('POST', `/api/cart/v1/cart/${props.basketId}/paymentInstruments`, { payment_method_id: choice });
          setPayment({ method: choice });
        } else {
          const tokenized = await fields.current?.tokenize();
          if (!tokenized?.ok) {
            setBusy(false);
            return;
          }
          const additionalDetails =
            choice === 'card' ? { token: tokenized.token, save: saveCard } : { paymentInstrumentId: choice.slice(6), cvcToken: tokenized.token };
          const cart = await callRoute('POST', `/api/cart/v1/cart/${props.basketId}/paymentInstruments`, {
            payment_method_id: 'CREDIT_CARD',
            additionalDetails,
          });
          setPayment(cart.payment ?? null);
        }
      }
      await review();
      go('summary');
    } catch (error) {
      refuse(error, billingSame ? '' : 'billing.');
    } finally {
      setBusy(false);
    }
  };

  return (
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
      {props.athlete ? (
        <CheckboxField
          id="checkout-athlete"
          name="athletePayment"
          label={t('checkout.athlete', { amount: props.athlete.remainingText })}
          checked={athletePays}
          disabled={busy}
          onChange={(e) => void useAllowance(e.target.checked)}
        />
      ) : null}
      {props.remainingToPay > 0 ? (
        <PaymentMethods props={props} choice={choice} setChoice={setChoice} saveCard={saveCard} setSaveCard={setSaveCard} applePay={applePay} fields={fields} />
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
  );
}

interface PaymentMethodsProps extends Pick<PaymentProps, 'props' | 'choice' | 'setChoice' | 'saveCard' | 'setSaveCard'> {
  /** Apple Pay is offered: the device has it. */
  applePay: boolean;
  fields: RefObject<CardFields | null>;
}

/** How the rest is paid: a saved card, a new card in the processor's fields, or a wallet. */
function PaymentMethods({ props, choice, setChoice, saveCard, setSaveCard, applePay, fields }: PaymentMethodsProps) {
  const { t } = useI18n();
  const [planOpen, setPlanOpen] = useState(false);
  return (
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
        {props.wallets
          .filter((wallet) => wallet !== 'DW_APPLE_PAY' || applePay)
          .map((wallet) => (
            <Radio key={wallet} name="payment" value={wallet} choice={choice} onChoose={setChoice}>
              {wallet === 'PAYPAL' ? t('checkout.paypal') : wallet === 'KLARNA' ? t('checkout.klarna') : t('checkout.applePay')}
            </Radio>
          ))}
      </div>
      {choice === 'card' || choice.startsWith('saved:') ? (
        <CardFieldsSlot key={choice} config={props.cardFields} mode={choice === 'card' ? 'card' : 'cvc'} fieldsRef={fields} />
      ) : choice === 'DW_APPLE_PAY' ? (
        <p className="checkout__hint">{t('checkout.applePayNote')}</p>
      ) : (
        <p className="checkout__hint">
          {t('checkout.walletNote', { wallet: choice === 'PAYPAL' ? 'PayPal' : 'Klarna' })}
          {choice === 'KLARNA' ? (
            <>
              {' '}
              <button type="button" className="link-button" onClick={() => setPlanOpen(true)}>
                {t('payLater.plan')}
              </button>
            </>
          ) : null}
        </p>
      )}
      {planOpen ? (
        <Suspense fallback={null}>
          <PayLaterDialog basketId={props.basketId} onClose={() => setPlanOpen(false)} />
        </Suspense>
      ) : null}
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
