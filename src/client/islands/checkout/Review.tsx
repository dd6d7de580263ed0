// The review step (commerce-core §4, Place order): what will be delivered where and paid how, and the
// button that places the order. One idempotency key per attempt, so a retry after a lost answer is the same
// order; a 3-D Secure challenge opens the bank's dialog; a refusal goes back to the payment step. Loaded
// once the shopper reaches this step.

import { lazy, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { type CheckoutAddress, type CheckoutProps, type CheckoutStep, checkoutPath, orderConfirmationPath } from '../../../shared/commerce/checkout.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import type { Translate } from '../../../shared/i18n/format.ts';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import type { RouteAnswer, RouteBody } from '../../api.ts';
import { ApiError, browserHeaders, callRoute, readAnswer } from '../../api-answer.ts';
import { BotCheck } from '../../bot-check.tsx';
import type { BotToken } from '../../bot-token.ts';
import { openPaymentSession } from '../../cart/payment-session.ts';
import { CardFieldsSlot } from './CardFieldsSlot.tsx';
import type { CardFields } from './card-fields.ts';
import { ReviewFacts } from './ReviewFacts.tsx';

const ChallengeDialog = lazy(() => import('./ChallengeDialog.tsx'));

type ApplePayModule = typeof import('../../apple-pay/session.ts');

export interface ReviewProps {
  props: CheckoutProps;
  payment: CheckoutProps['payment'];
  setPayment: (payment: CheckoutProps['payment']) => void;
  email: string;
  shipping: CheckoutAddress;
  billing: CheckoutAddress;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  setNotice: (notice: string | null) => void;
  go: (step: CheckoutStep) => void;
  refuse: (error: unknown) => void;
  /** The review step's call again: the summary shows the basket as the order would now pay it. */
  review: () => Promise<void>;
}

/**
 * Refusals that mean the amounts moved since the summary was shown: it is re-priced for the shopper to look at
 * again. PYT400 too: what paid the order (a gift card, points) is gone, and the payment step can only offer a
 * way to pay the rest once it knows there is a rest to pay.
 */
const MOVED = ['CHK409', 'GFC740', 'REW140', 'PRM140', 'PRM150', 'PAY409', 'PYT400'];

export default function Review({ props, payment, setPayment, email, shipping, billing, busy, setBusy, setNotice, go, refuse, review }: ReviewProps) {
  const { t, locale } = useI18n();
  const cvc = useRef<CardFields | null>(null);
  const askCvc = Boolean(payment?.savedCardId) && !payment?.cvcGiven && props.remainingToPay > 0;
  const idempotencyKey = useRef<string>('');
  // The bot check vouches for a card order; a wallet's own approval vouches for a wallet order.
  const bot = useRef<BotToken>({ token: undefined, reset: () => undefined });
  const walletPayment = payment?.method === 'PAYPAL' || payment?.method === 'KLARNA' || payment?.method === 'DW_APPLE_PAY';
  const deviceId = useDeviceId();

  const { applePay, applePayReady } = useApplePay(payment?.method);
  // After the two above, so their effects still run before the one that completes a return from Stripe.
  const { challenge, setChallenge, completeChallenge } = useChallenge({ locale, idempotencyKey, setBusy, setPayment, go, refuse });

  const placeOrder = async () => {
    if (payment?.method === 'DW_APPLE_PAY') {
      if (applePay.current) payWithApplePay(applePay.current, t, { props, setBusy, setNotice, refuse });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      if (payment?.method === 'PAYPAL' || payment?.method === 'KLARNA') {
        const session = await openPaymentSession(
          `/api/cart/v1/paymentSession?paymentMethod=${payment.method.toLowerCase()}&basketId=${props.basketId}&referer=checkout`,
        );
        if ('redirectUrl' in session.meta) location.assign(session.meta.redirectUrl);
        return;
      }
      // A saved card chosen for the shopper (express checkout) still asks its security code, here.
      let cvcToken: string | undefined;
      if (cvc.current) {
        const tokenized = await cvc.current.tokenize();
        if (!tokenized.ok) {
          setBusy(false);
          return;
        }
        cvcToken = tokenized.token;
      }
      // One key for this attempt: a retry after a lost answer gets the same order, never a second charge.
      idempotencyKey.current ||= crypto.randomUUID();
      const order = await putOrder(idempotencyKey.current, { props, deviceId: deviceId.current, cvcToken, botToken: bot.current.token });
      const action = order.flash.find((f) => f.type === 'PaymentNotAuthorized')?.action;
      if (order.status === 'awaiting_authentication' && action) {
        if (props.cardFields.provider === 'stripe') {
          sessionStorage.setItem('cairn:pending-order', order.orderNumber);
          location.assign(action.url);
          return;
        }
        setChallenge({ url: action.url, orderNumber: order.orderNumber });
        setBusy(false);
        return;
      }
      confirmed(locale, order);
    } catch (error) {
      idempotencyKey.current = '';
      bot.current.reset();
      setBusy(false);
      if (error instanceof ApiError && ['PAY400', 'PYT402', 'FE309', 'PYT404', 'PYT400', 'PAY403'].includes(error.errorId)) {
        go('billing');
        setPayment(null);
      }
      // An item gone since the cart was read (ORD430, commerce-core §8 ITEM_NO_LONGER_AVAILABLE): the checkout reads
      // the cart again, repaired, from the delivery step, where what is left may need another delivery.
      if (error instanceof ApiError && error.errorId === 'ORD430') {
        location.assign(`${checkoutPath(locale, 'shipping')}&notice=ORD430`);
        return;
      }
      // No email for the order confirmation (or a store pickup's notice): the delivery step asks it, and shows the refusal there.
      if (error instanceof ApiError && error.errorId === 'ORD400') go('shipping');
      // Re-priced for the shopper to look at again; if that fails too, the refusal below still says what to do.
      if (error instanceof ApiError && MOVED.includes(error.errorId)) await review().catch(() => undefined);
      refuse(error);
    }
  };

  return (
    <>
      <section className="checkout__review" aria-labelledby="checkout-review">
        <h3 id="checkout-review" className="sr-only">
          {t('checkout.review')}
        </h3>
        <ReviewFacts props={props} payment={payment} email={email} shipping={shipping} billing={billing} go={go} />
        {askCvc ? <CardFieldsSlot config={props.cardFields} mode="cvc" fieldsRef={cvc} /> : null}
        <p className="checkout__hint">{t('checkout.terms')}</p>
        {props.botSiteKey && !walletPayment ? <BotCheck siteKey={props.botSiteKey} action="placeOrder" handle={bot} /> : null}
        <button
          type="button"
          className={`button checkout__place ${payment?.method === 'DW_APPLE_PAY' ? 'button--apple-pay' : 'button--primary'}`}
          disabled={busy || (props.remainingToPay > 0 && !payment) || (payment?.method === 'DW_APPLE_PAY' && !applePayReady)}
          aria-busy={busy}
          onClick={placeOrder}
        >
          {busy ? t('checkout.placing') : placeLabel(t, payment, props.remainingToPayText)}
        </button>
      </section>
      {challenge ? (
        <Suspense fallback={null}>
          <ChallengeDialog
            url={challenge.url}
            onDone={() => completeChallenge(challenge.orderNumber)}
            onCancel={() => completeChallenge(challenge.orderNumber, true)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

type PlacedOrder = { orderNumber: string; st: string; status: string; flash: { type: string; action?: { url: string } }[] };

/** Places the order, once per key: a retry after a lost answer gets the same order, never a second charge. */
async function putOrder(
  key: string,
  {
    props,
    deviceId,
    cvcToken,
    botToken,
  }: { props: CheckoutProps; deviceId?: string | undefined; cvcToken?: string | undefined; botToken?: string | undefined },
): Promise<PlacedOrder> {
  // Its own fetch for the Idempotency-Key header; the body and the answer are still the route's types.
  const body: RouteBody<'PUT', '/api/cart/v2/checkout/order'> = {
    cartId: props.basketId,
    ...(deviceId ? { deviceId } : {}),
    ...(props.checkoutStatus ? { checkoutStatus: props.checkoutStatus } : {}),
    ...(cvcToken ? { paymentMethod: { code: 'CREDIT_CARD', additionalData: { cvcToken } } } : {}),
    ...(botToken ? { recaptcha_response: botToken } : {}),
  };
  return readAnswer<RouteAnswer<'PUT', '/api/cart/v2/checkout/order'>>(
    await fetch('/api/cart/v2/checkout/order', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'idempotency-key': key, ...browserHeaders() },
      body: JSON.stringify(body),
    }),
  );
}

/** The device the order comes from, for the fraud check to score; without an answer the order still goes. */
function useDeviceId(): RefObject<string | undefined> {
  const deviceId = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (deviceId.current !== undefined) return;
    callRoute('POST', '/api/cart/v1/deviceFingerPrint', { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '' })
      .then((answer) => {
        deviceId.current = answer.deviceId ?? undefined;
      })
      .catch(() => {
        deviceId.current = undefined;
      });
  }, []);
  return deviceId;
}

/** Apple Pay's sheet must open inside the click, so its code is loaded before: when it is the chosen payment. */
function useApplePay(method: string | undefined) {
  const applePay = useRef<ApplePayModule | null>(null);
  const [applePayReady, setApplePayReady] = useState(false);
  useEffect(() => {
    if (method !== 'DW_APPLE_PAY' || applePay.current) return;
    void import('../../apple-pay/session.ts').then((module) => {
      applePay.current = module;
      setApplePayReady(module.applePayAvailable());
    });
  }, [method]);
  return { applePay, applePayReady };
}

/** The place-order button's words: the wallet that takes over, or the amount the order pays. */
function placeLabel(t: Translate, payment: CheckoutProps['payment'], remainingToPayText: string): string {
  if (payment?.method === 'DW_APPLE_PAY') return t('product.applePay');
  if (payment?.method === 'PAYPAL' || payment?.method === 'KLARNA')
    return t('checkout.continueWithWallet', { wallet: payment.method === 'PAYPAL' ? 'PayPal' : 'Klarna' });
  return `${t('checkout.placeOrder')} · ${remainingToPayText}`;
}

const confirmed = (locale: string, order: { orderNumber: string; st: string }) => location.assign(orderConfirmationPath(locale, order.orderNumber, order.st));

interface ChallengeOptions extends Pick<ReviewProps, 'setBusy' | 'setPayment' | 'go' | 'refuse'> {
  locale: string;
  idempotencyKey: RefObject<string>;
}

/**
 * A payment the bank wants to authenticate (3-D Secure): its dialog here, or Stripe's redirect and back; then
 * the order is completed, or the shopper goes back to the payment step.
 */
function useChallenge({ locale, idempotencyKey, setBusy, setPayment, go, refuse }: ChallengeOptions) {
  const [challenge, setChallenge] = useState<{ url: string; orderNumber: string } | null>(null);
  const completeChallenge = useCallback(
    async (orderNumber: string, cancelled = false) => {
      setChallenge(null);
      setBusy(true);
      try {
        const order = await callRoute('PATCH', `/api/cart/v2/checkout/order/${orderNumber}`, {
          paymentMethod: { code: 'CREDIT_CARD', additionalData: { threeDS2Result: cancelled ? 'cancelled' : 'completed' } },
        });
        confirmed(locale, order);
      } catch (error) {
        // Failed, the items wait in a new cart (commerce-core §4): the payment step opens on it, saying why.
        if (error instanceof ApiError && error.fieldMessage('basketId')) {
          location.assign(`/${locale}/checkout?step=billing&notice=authentication`);
          return;
        }
        setBusy(false);
        idempotencyKey.current = '';
        setPayment(null);
        go('billing');
        refuse(error);
      }
    },
    [go, refuse, setBusy, setPayment, locale, idempotencyKey],
  );

  // Back from Stripe's 3-D Secure redirect: the order waits for its result.
  useEffect(() => {
    const pending = sessionStorage.getItem('cairn:pending-order');
    if (pending && new URL(location.href).searchParams.has('payment_intent')) {
      sessionStorage.removeItem('cairn:pending-order');
      void completeChallenge(pending);
    }
  }, [completeChallenge]);

  return { challenge, setChallenge, completeChallenge };
}

/** Opens Apple Pay's sheet, which places the order itself; Review only follows how it ends. */
function payWithApplePay(
  module: ApplePayModule,
  t: Translate,
  { props, setBusy, setNotice, refuse }: Pick<ReviewProps, 'props' | 'setBusy' | 'setNotice' | 'refuse'>,
): void {
  setBusy(true);
  setNotice(null);
  module.beginApplePay({
    countryCode: props.countries[0] ?? 'US',
    currencyCode: props.currency,
    total: { label: 'Cairn', amount: module.applePayAmount(props.remainingToPay, props.currency) },
    askShipping: false,
    basket: async () => props.basketId,
    referer: 'checkout',
    message: (key) => t(key as MessageKey),
    onPlaced: (redirect) => location.assign(redirect),
    onFailed: (error) => {
      setBusy(false);
      refuse(error);
    },
    onCancel: () => setBusy(false),
  });
}
