// How the basket will be paid, chosen at checkout's billing step: a card (a new one by the processor's
// token, or a saved one of the account's), or a wallet whose payment session the shopper approves at the
// wallet. Also the wallet session itself, the device the fraud check scores, and express checkout.

import { WALLET_RETURN_PATH } from '../../../shared/commerce/checkout.ts';
import { ADDRESSED_CODES } from '../../../shared/commerce/delivery.ts';
import { formatMoney } from '../../../shared/commerce/money.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import type { Address } from '../../../shared/schema/address.ts';
import { HttpError } from '../../lib/http-error.ts';
import { recordCartStep } from '../../observe/funnel.ts';
import type { CookieChange, ServiceDeps, Shopper } from '../call.ts';
import { checkDeliveryAddress } from '../cart/addresses.ts';
import { type BasketChange, callerOf } from '../cart/caller.ts';
import type { BasketPayment, CartAnswer, CartState } from '../cart/cart-state.ts';
import { paymentMethodsFor } from '../cart/payment-methods.ts';
import { pricedCart } from '../cart/priced-cart.ts';
import { cartStub, throwRefusal } from '../cart/service.ts';
import { emptyCart, refuseEstimatedTax } from '../orders/new-order.ts';
import { quoteOf, tendersOf } from '../orders/quote.ts';
import { paymentProviderFor } from '../payments/choose.ts';
import { PAY_LATER, payLaterPlan } from '../payments/pay-later.ts';
import { recordPaymentSession } from '../payments/payment-sessions.ts';
import type { WalletMethod } from '../payments/provider.ts';

export type CardChoice = { token: string; save: boolean } | { paymentInstrumentId: string; cvcToken?: string | undefined };

export interface SavedCard {
  paymentInstrumentId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  main: boolean;
  binValue: string;
}

export async function savedCards(db: D1Database, consumerNo: string, provider: string): Promise<SavedCard[]> {
  const rows = await db
    .prepare('SELECT * FROM payment_cards WHERE consumer_no = ?1 AND provider = ?2 ORDER BY is_main DESC, created_at DESC')
    .bind(consumerNo, provider)
    .all<{ payment_instrument_id: string; brand: string; last4: string; exp_month: number; exp_year: number; is_main: number; bin: string }>();
  return rows.results.map((row) => ({
    paymentInstrumentId: row.payment_instrument_id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    main: row.is_main === 1,
    binValue: row.bin,
  }));
}

/** A card onto the basket. Its brand, last four and expiry come from the processor, never from the browser. */
export async function setCardPayment(deps: ServiceDeps, shopper: Shopper, basketId: string, choice: CardChoice): Promise<BasketChange> {
  const caller = callerOf(shopper);
  const provider = paymentProviderFor(deps.env, deps);
  let payment: BasketPayment;
  if ('token' in choice) {
    const card = await provider.cardOf(choice.token);
    if (!card) throw new HttpError('PYT404', 'This card was not recognised. Please enter it again.', [{ field: 'card', message: 'PYT404' }]);
    const now = new Date();
    if (card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)) {
      throw new HttpError('FE309', undefined, [{ field: 'expiry', message: 'CC_EXPIRY_DATE_INVALID' }]);
    }
    payment = { method: 'CREDIT_CARD', token: choice.token, card, ...(choice.save && caller.consumerNo ? { save: true } : {}) };
  } else {
    if (!caller.consumerNo) throw new HttpError('PYT404', 'Sign in to use a saved card.');
    const saved = await deps.env.DB.prepare('SELECT * FROM payment_cards WHERE payment_instrument_id = ?1 AND consumer_no = ?2 AND provider = ?3')
      .bind(choice.paymentInstrumentId, caller.consumerNo, provider.name)
      .first<{ token: string; brand: string; last4: string; bin: string; exp_month: number; exp_year: number }>();
    if (!saved) throw new HttpError('PYT404', 'This card is not on your account.', [{ field: 'paymentInstrumentId', message: 'PAYMENT_INSTRUMENT_NOT_FOUND' }]);
    payment = {
      method: 'CREDIT_CARD',
      token: saved.token,
      card: { brand: saved.brand, last4: saved.last4, bin: saved.bin, expMonth: saved.exp_month, expYear: saved.exp_year },
      savedCardId: choice.paymentInstrumentId,
      ...(choice.cvcToken ? { cvcToken: choice.cvcToken } : {}),
    };
  }
  const result = await cartStub(deps.env, basketId).setPayment(caller, payment);
  await recordCartStep(deps, shopper, result, 'payment_instrument');
  return { result };
}

/** A wallet onto the basket; `locale` words and prices Klarna's Pay in 3 check. */
export async function setWalletPayment(
  deps: ServiceDeps,
  shopper: Shopper,
  locale: Locale,
  basketId: string,
  method: 'PAYPAL' | 'KLARNA' | 'DW_APPLE_PAY',
): Promise<BasketChange> {
  let cookies: CookieChange[] = [];
  if (method === 'KLARNA') {
    const current = await cartStub(deps.env, basketId).read(callerOf(shopper));
    if (!current.ok) throwRefusal(current);
    refuseKlarnaAbroad(current.state);
    // Klarna takes only what its Pay in 3 range allows: said before the shopper is sent there (PAY400).
    const { offer: plan, cookies: priced } = await payLaterOffer(deps, shopper, locale, basketId);
    cookies = priced;
    if (!plan.eligible) throw new HttpError('PAY400', plan.message, [{ field: 'paymentMethod', message: plan.message }]);
  }
  const result = await cartStub(deps.env, basketId).setPayment(callerOf(shopper), { method });
  await recordCartStep(deps, shopper, result, 'payment_instrument', locale.code);
  return { result, cookies };
}

/** Klarna pays for goods delivered in the country it bills (CANT_SHIP_THERE, PAY401): said before the shopper is sent there. */
function refuseKlarnaAbroad(state: CartState): void {
  const { shippingAddress, billingAddress } = state;
  if (shippingAddress && billingAddress && shippingAddress.countryCode !== billingAddress.countryCode)
    throw new HttpError('PAY401', undefined, [{ field: 'paymentMethod', message: 'CANT_SHIP_THERE' }]);
}

export type PayLaterOffer =
  | { eligible: true; total: string; instalments: { due: string; amount: number; display: { amount: string; due: string } }[] }
  | { eligible: false; reason: string; message: string };

/**
 * Klarna's Pay in 3 for what is left to pay on a basket (the buy-now-pay-later dialog), worded and dated in
 * the shopper's language; or why it is not offered. Only where the site offers Klarna (API404 elsewhere).
 */
export async function payLaterOffer(
  deps: ServiceDeps,
  shopper: Shopper,
  locale: Locale,
  basketId: string,
): Promise<{ offer: PayLaterOffer; cookies: CookieChange[] }> {
  if (!paymentMethodsFor(locale.site.id, shopper.claims).some((m) => m.id === 'KLARNA')) {
    throw new HttpError('API404', 'Klarna is not offered on this site.');
  }
  const { cart, cookies } = await pricedCart(deps, shopper, locale, { result: await cartStub(deps.env, basketId).read(callerOf(shopper)) });
  const money = (minor: number) => formatMoney(minor, cart.currency, locale.tag);
  const t = translator(locale.lang, locale.tag);
  const plan = payLaterPlan(cart.totals.remainingToPay, cart.currency, new Date());
  if (!plan.eligible) {
    const range = PAY_LATER.range[cart.currency];
    return {
      offer: { eligible: false, reason: plan.reason, message: t('payLater.range', { min: money(range?.min ?? 0), max: money(range?.max ?? 0) }) },
      cookies,
    };
  }
  const day = new Intl.DateTimeFormat(locale.tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return {
    offer: {
      eligible: true,
      total: money(cart.totals.remainingToPay),
      instalments: plan.instalments.map((instalment, i) => ({
        ...instalment,
        display: { amount: money(instalment.amount), due: i === 0 ? t('payLater.today') : day.format(new Date(`${instalment.due}T00:00:00Z`)) },
      })),
    },
    cookies,
  };
}

/** The redirect wallets; Apple Pay's sheet runs on the device instead (apple-pay.ts). */
const WALLETS: Record<string, Exclude<WalletMethod, 'applepay'>> = {
  paypal: 'paypal',
  klarna: 'klarna',
  PAYPAL: 'paypal',
  KLARNA: 'klarna',
};

/**
 * A wallet's payment session for the basket's amount still to pay (commerce-core §7, paymentSession). The
 * shopper approves it at the wallet and comes back to the wallet return route, which places the order.
 */
export async function walletPaymentSession(
  deps: ServiceDeps,
  shopper: Shopper,
  locale: Locale,
  /** `requestUrl` is the address the call came to: the wallet sends the shopper back to this origin. */
  input: { basketId: string; method: string; referer?: string | undefined; requestUrl: string },
): Promise<{
  session: { success: true; provider: WalletMethod; meta: { sessionId: string; redirectUrl: string }; locale: string };
  cookies: CookieChange[];
}> {
  const method = WALLETS[input.method];
  if (!method) throw new HttpError('API400', 'paymentMethod is paypal or klarna; Apple Pay validates its merchant session with a validationUrl.');
  if (method === 'klarna' && !['GB', 'FR', 'DE', 'IT'].includes(locale.site.id)) throw new HttpError('PAY400', 'Klarna is not offered on this site.');
  const caller = callerOf(shopper);
  const stub = cartStub(deps.env, input.basketId);
  const current = await stub.read(caller);
  if (!current.ok) throwRefusal(current);
  // Checked again at the session: the addresses may have changed since Klarna was chosen.
  if (method === 'klarna') refuseKlarnaAbroad(current.state);
  const { cart, cookies } = await pricedCart(deps, shopper, locale, { result: current });
  if (cart.items.length === 0) throw emptyCart();
  const amount = cart.totals.remainingToPay;
  if (amount <= 0) throw new HttpError('API400', 'Nothing is left to pay with a wallet.');
  const pdp = input.referer === 'pdp';
  const returnUrl = new URL(WALLET_RETURN_PATH(locale.code), input.requestUrl);
  returnUrl.searchParams.set('basket', input.basketId);
  if (pdp) returnUrl.searchParams.set('storeContext', 'paypalPdp');
  const cancelUrl = new URL(pdp ? `/${locale.code}` : `/${locale.code}/checkout`, input.requestUrl);
  if (!pdp) cancelUrl.searchParams.set('step', 'billing');
  const session = await paymentProviderFor(deps.env, deps).openWalletSession({
    method,
    basketId: input.basketId,
    amount,
    currency: cart.currency,
    reference: `${locale.site.countries[0] ?? locale.country.toUpperCase()} basket ${input.basketId.slice(0, 8)}`,
    returnUrl: returnUrl.toString(),
    cancelUrl: cancelUrl.toString(),
  });
  const code = method === 'paypal' ? 'PAYPAL' : 'KLARNA';
  // What the shopper is about to approve, kept here: the order must pay exactly this, from this basket.
  await recordPaymentSession(deps.env.DB, {
    sessionId: session.id,
    method: code,
    basketId: input.basketId,
    usid: caller.usid,
    amount,
    currency: cart.currency,
  });
  const saved = await stub.setPayment(caller, { method: code, walletSession: session.id });
  if (!saved.ok) throwRefusal(saved);
  const quoted = await stub.setQuote(caller, quoteOf(cart, tendersOf(cart, saved.state)));
  if (!quoted.ok) throwRefusal(quoted);
  return { session: { success: true, provider: method, meta: { sessionId: session.id, redirectUrl: session.redirectUrl }, locale: locale.code }, cookies };
}

export async function registerDevice(deps: ServiceDeps, timeZone: string): Promise<{ deviceId: string | null }> {
  return { deviceId: await paymentProviderFor(deps.env, deps).registerDevice({ timeZone }) };
}

/**
 * Re-prices the basket before the summary (commerce-core §7, prepareOrder). With express, a registered
 * shopper's default address (or, when everything is picked up, the store's) and main card fill the
 * basket, and the answer says EXPRESS so the island goes straight to the summary.
 */
export async function prepareOrder(deps: ServiceDeps, shopper: Shopper, locale: Locale, basketId: string, express: boolean) {
  const caller = callerOf(shopper);
  const stub = cartStub(deps.env, basketId);
  const cookies: CookieChange[] = [];
  let current: CartAnswer = await stub.read(caller);
  if (!current.ok) throwRefusal(current);
  let checkoutStatus: 'EXPRESS' | null = null;
  if (express) {
    if (!caller.consumerNo) throw new HttpError('AUT401', 'Sign in to use express checkout.');
    const provider = paymentProviderFor(deps.env, deps);
    const [address, card] = await Promise.all([
      deps.env.DB.prepare(
        "SELECT address FROM consumer_addresses WHERE consumer_no = ?1 AND approach_type = 'S' ORDER BY is_default DESC, updated_at DESC LIMIT 1",
      )
        .bind(caller.consumerNo)
        .first<{ address: string }>(),
      deps.env.DB.prepare(
        'SELECT payment_instrument_id FROM payment_cards WHERE consumer_no = ?1 AND provider = ?2 ORDER BY is_main DESC, created_at DESC LIMIT 1',
      )
        .bind(caller.consumerNo, provider.name)
        .first<{ payment_instrument_id: string }>(),
    ]);
    const { cart, cookies: priced } = await pricedCart(deps, shopper, locale, { result: current });
    cookies.push(...priced);
    const shipsHome = cart.items.some((item) => !item.isDigitalProduct && ADDRESSED_CODES.includes(item.shippingOptions?.selected ?? 'STH'));
    // The catalogue's payment-instrument and address codes (commerce-core §8), with the client's error ids as details.
    if (!card)
      throw new HttpError('PYT404', 'Express checkout needs a saved card on your account.', [
        { field: 'paymentInstrument', message: 'PAYMENT_INSTRUMENT_NOT_FOUND' },
      ]);
    if (shipsHome && !address) throw new HttpError('PYT405', undefined, [{ field: 'shippingAddress', message: 'ADDRESS_NOT_FOUND' }]);
    if (shipsHome && address) deliverableOrRefuse(locale, JSON.parse(address.address) as Address);
    const saved = address
      ? (JSON.parse(address.address) as Record<string, string | boolean>)
      : await pickupStoreAddress(deps.env.DB, current.state, cart.items);
    if (shipsHome && saved) current = await stub.setAddress(caller, 'shippingAddress', saved);
    if (saved) current = await stub.setAddress(caller, 'billingAddress', { ...saved, email: await consumerEmail(deps.env.DB, caller.consumerNo) });
    const chosen = await setCardPayment(deps, shopper, basketId, { paymentInstrumentId: card.payment_instrument_id });
    current = chosen.result;
    checkoutStatus = 'EXPRESS';
  }
  if (!current.ok) throwRefusal(current);
  const { cart, cookies: priced } = await pricedCart(deps, shopper, locale, { result: current });
  cookies.push(...priced);
  refuseEstimatedTax(cart);
  // The summary shows these amounts: the order placed from it must pay exactly them (place-order checks).
  const quoted = await stub.setQuote(caller, quoteOf(cart, tendersOf(cart, current.state)));
  if (!quoted.ok) throwRefusal(quoted);
  await recordCartStep(deps, shopper, quoted, 'review', locale.code);
  return { cart, checkoutStatus, cookies };
}

/** A saved address kept under another site's rules (or before today's) may not reach this delivery: PYT406, saying why. */
function deliverableOrRefuse(locale: Locale, address: Address): void {
  try {
    checkDeliveryAddress(locale, address);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    throw new HttpError('PYT406', undefined, [{ field: 'shippingAddress', message: error.message }, ...(error.details ?? [])]);
  }
}

async function consumerEmail(db: D1Database, consumerNo: string): Promise<string> {
  const row = await db.prepare('SELECT email FROM consumers WHERE consumer_no = ?1').bind(consumerNo).first<{ email: string }>();
  return row?.email ?? '';
}

/** With everything picked up and no address on the account, the pickup store's address bills the order. */
async function pickupStoreAddress(db: D1Database, state: CartState, items: { shippingOptions: { storeInfo: { id: string } | null } | null }[]) {
  const storeId = items.find((item) => item.shippingOptions?.storeInfo)?.shippingOptions?.storeInfo?.id;
  if (!storeId || !state.owner.consumerNo) return null;
  const [store, consumer] = await Promise.all([
    db
      .prepare('SELECT address_line1, city, province, postal_code, country_code, phone FROM stores WHERE id = ?1')
      .bind(storeId)
      .first<{ address_line1: string; city: string; province: string | null; postal_code: string; country_code: string; phone: string }>(),
    db
      .prepare('SELECT first_name, last_name, phone FROM consumers WHERE consumer_no = ?1')
      .bind(state.owner.consumerNo)
      .first<{ first_name: string | null; last_name: string | null; phone: string | null }>(),
  ]);
  if (!store) return null;
  return {
    firstName: consumer?.first_name ?? '',
    lastName: consumer?.last_name ?? '',
    addressLine1: store.address_line1,
    addressLine2: '',
    city: store.city,
    postalCode: store.postal_code,
    province: store.province ?? '',
    countryCode: store.country_code,
    phone: consumer?.phone ?? store.phone.replace(/\D/g, ''),
  };
}
