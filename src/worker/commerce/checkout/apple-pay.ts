// Apple Pay's session (commerce-core §4): merchant validation, then the shipping contact and method the
// shopper picks on the sheet (each answered with the new total, or an error the sheet shows at its field),
// then the authorized payment, which places the order. The sheet runs in the shopper's browser; these are
// the store's answers to it. From the product page it pays a wallet basket of its own; at checkout, the cart.

import {
  type ApplePayContact,
  type ApplePayProblem,
  applePayAddress,
  applePayAmount,
  applePayContactProblems,
  isApplePayValidationUrl,
} from '../../../shared/commerce/apple-pay.ts';
import { expressReaches } from '../../../shared/commerce/commerce-config.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { ApplePayAddressSchema } from '../../../shared/schema/address.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { CookieChange, ServiceDeps, Shopper } from '../call.ts';
import { setBillingAddress, setShippingAddress } from '../cart/addresses.ts';
import { callerOf } from '../cart/caller.ts';
import { pricedCart } from '../cart/priced-cart.ts';
import { type CartEntity, cartStub, throwRefusal } from '../cart/service.ts';
import { emptyCart } from '../orders/new-order.ts';
import { orderOfKey, placeOrder } from '../orders/place-order.ts';
import type { PlacedOrder } from '../orders/placement-answer.ts';
import { quoteOf, tendersOf } from '../orders/quote.ts';
import { paymentProviderFor } from '../payments/choose.ts';
import { recordPaymentSession, requoteSession } from '../payments/payment-sessions.ts';
import type { ApplePayPaymentToken } from '../payments/provider.ts';

/** The name the sheet shows the shopper is paying. */
export const APPLE_PAY_DISPLAY_NAME = 'Cairn';

/** What the sheet shows: a total, its parts and, for a delivery, the methods to choose from. Amounts as decimal strings. */
export interface ApplePayQuote {
  currencyCode: string;
  total: { label: string; amount: string };
  lineItems: { label: string; amount: string }[];
  shippingMethods: { identifier: string; label: string; detail: string; amount: string }[];
  selectedShippingMethod: string;
}

/** Store field a contact field stands for: the refusal's detail names it, so one mapping serves every address error. */
const STORE_FIELDS: Record<string, string> = {
  name: 'firstName',
  addressLines: 'addressLine1',
  locality: 'city',
  postalCode: 'postalCode',
  administrativeArea: 'province',
  countryCode: 'countryCode',
  phoneNumber: 'phone',
  emailAddress: 'email',
};

function contactRefusal(locale: Locale, problems: ApplePayProblem[], kind: 'shipping' | 'billing'): HttpError {
  const t = translator(locale.lang, locale.tag);
  const details = problems.map((problem) => ({
    field: STORE_FIELDS[problem.contactField ?? ''] ?? 'addressLine1',
    message: t(problem.messageKey as MessageKey),
  }));
  return kind === 'shipping' ? new HttpError('CHK320', details[0]?.message, details) : new HttpError('BIL400', details[0]?.message, details);
}

const contactRules = (locale: Locale) => ({
  storeCountry: locale.site.countries[0] ?? locale.country.toUpperCase(),
  supportedCountries: locale.site.countries,
});

async function ownBasket(deps: ServiceDeps, shopper: Shopper, basketId: string) {
  const current = await cartStub(deps.env, basketId).read(callerOf(shopper));
  if (!current.ok) throwRefusal(current);
  return current;
}

/** Merchant validation (paymentSession with DW_APPLE_PAY): the merchant session the sheet needs before it opens. */
export async function applePayMerchantSession(
  deps: ServiceDeps,
  shopper: Shopper,
  locale: Locale,
  /** `requestUrl` is the address the call came to: Apple validates the merchant for its domain. */
  input: { basketId: string; validationUrl: string | undefined; requestUrl: string },
) {
  if (!input.validationUrl || !isApplePayValidationUrl(input.validationUrl)) {
    throw new HttpError('API400', 'validationUrl must be the Apple Pay gateway the device named.', [
      { field: 'validationUrl', message: 'Not an Apple Pay gateway.' },
    ]);
  }
  const provider = paymentProviderFor(deps.env, deps);
  if (!provider.applePay) throw new HttpError('PAY400', 'Apple Pay is not offered here.');
  const current = await ownBasket(deps, shopper, input.basketId);
  if (current.state.lines.length === 0) throw emptyCart();
  const { cart, cookies } = await pricedCart(deps, shopper, locale, { result: current });
  if (cart.totals.remainingToPay <= 0) throw new HttpError('API400', 'Nothing is left to pay with Apple Pay.');
  // The sheet's session, kept with what it shows: the payment it authorizes pays this basket and this amount.
  const session = `aps_${crypto.randomUUID().replaceAll('-', '')}`;
  const caller = callerOf(shopper);
  await recordPaymentSession(deps.env.DB, {
    sessionId: session,
    method: 'DW_APPLE_PAY',
    basketId: input.basketId,
    usid: caller.usid,
    amount: cart.totals.remainingToPay,
    currency: cart.currency,
  });
  const stub = cartStub(deps.env, input.basketId);
  const saved = await stub.setPayment(caller, { method: 'DW_APPLE_PAY', session });
  if (!saved.ok) throwRefusal(saved);
  const quoted = await stub.setQuote(caller, quoteOf(cart, tendersOf(cart, saved.state)));
  if (!quoted.ok) throwRefusal(quoted);
  const merchantSession = await provider.applePayMerchantSession({
    validationUrl: input.validationUrl,
    domain: new URL(input.requestUrl).hostname,
    displayName: APPLE_PAY_DISPLAY_NAME,
  });
  return { session: { success: true as const, provider: 'applepay' as const, meta: { merchantSession }, locale: locale.code }, cookies };
}

function sheetQuote(locale: Locale, cart: CartEntity, homeOnly: boolean): ApplePayQuote {
  const t = translator(locale.lang, locale.tag);
  const money = (minor: number) => applePayAmount(minor, cart.currency);
  const shipment = cart.shippingMethods[0];
  const methods = (shipment?.applicableShippingMethods ?? []).filter((method) => !homeOnly || method.code !== 'pudo');
  const selected = methods.find((method) => method.code === shipment?.code) ?? methods[0];
  const paidAlready = cart.totals.total - cart.totals.remainingToPay;
  return {
    currencyCode: cart.currency,
    total: { label: APPLE_PAY_DISPLAY_NAME, amount: money(cart.totals.remainingToPay) },
    lineItems: [
      { label: t('cart.subtotal'), amount: money(cart.totals.itemTotal) },
      ...(cart.totals.totalDiscount > 0 ? [{ label: t('cart.youSave'), amount: money(-cart.totals.totalDiscount) }] : []),
      { label: t('cart.shipping'), amount: money(cart.totals.shipping) },
      ...(cart.totals.tax > 0 && !cart.totals.taxIncluded ? [{ label: t('cart.tax'), amount: money(cart.totals.tax) }] : []),
      ...(paidAlready > 0 ? [{ label: t('applePay.paidAlready'), amount: money(-paidAlready) }] : []),
    ],
    shippingMethods: methods.map((method) => ({
      identifier: method.code,
      label: method.label,
      detail: method.deliveryTime,
      amount: money(method.price.amount),
    })),
    selectedShippingMethod: selected?.code ?? 'standard',
  };
}

/**
 * The sheet's shipping contact (redacted: country, region, city, postal code) or method changed: the total
 * for that destination, without keeping the half-known address on the basket. A method the address cannot
 * have is SHP404; a destination the rules refuse is CHK320 at its field.
 */
export async function applePayQuote(
  deps: ServiceDeps,
  shopper: Shopper,
  locale: Locale,
  basketId: string,
  input: { shippingContact?: ApplePayContact | undefined; shippingMethod?: string | undefined },
): Promise<{ quote: ApplePayQuote; cookies: CookieChange[] }> {
  let current = await ownBasket(deps, shopper, basketId);
  const contact = input.shippingContact;
  let destination = current.state.shippingAddress;
  if (contact) {
    const problems = applePayContactProblems(contact, 'shipping', contactRules(locale), false);
    if (problems.length > 0) throw contactRefusal(locale, problems, 'shipping');
    const address = applePayAddress(contact);
    destination = { countryCode: address.countryCode, province: address.province, postalCode: address.postalCode, city: address.city };
  }
  const province = String(destination?.province ?? '') || undefined;
  if (input.shippingMethod !== undefined) {
    const code = input.shippingMethod;
    if ((code !== 'standard' && code !== 'express') || (code === 'express' && !expressReaches(current.state.owner.siteId, province))) {
      const message = translator(locale.lang, locale.tag)('applePay.shippingMethodError');
      throw new HttpError('SHP404', message, [{ field: 'code', message }]);
    }
    const chosen = await cartStub(deps.env, basketId).setShipping(callerOf(shopper), { code });
    if (!chosen.ok) throwRefusal(chosen);
    current = chosen;
  } else if (current.state.shipping.code === 'express' && !expressReaches(current.state.owner.siteId, province)) {
    // The sheet's new address is beyond express: the shipment goes standard, as the checkout's form would.
    const downgraded = await cartStub(deps.env, basketId).setShipping(callerOf(shopper), { code: 'standard' });
    if (!downgraded.ok) throwRefusal(downgraded);
    current = downgraded;
  } else if (current.state.shipping.code === 'pudo') {
    const home = await cartStub(deps.env, basketId).setShipping(callerOf(shopper), { code: 'standard' });
    if (!home.ok) throwRefusal(home);
    current = home;
  }
  const { cart, cookies } = await pricedCart(deps, shopper, locale, {
    result: { ...current, state: { ...current.state, shippingAddress: destination ?? null } },
  });
  const quote = sheetQuote(locale, cart, true);
  if (contact && quote.shippingMethods.length === 0) {
    const message = translator(locale.lang, locale.tag)('applePay.shippingMethodListError');
    throw new HttpError('SHP500', message, [{ field: 'addressLine1', message }]);
  }
  // The sheet now shows this total: it is what the shopper authorizes, so the session and the review move with it.
  const payment = current.state.payment;
  if (payment?.method === 'DW_APPLE_PAY' && payment.session) {
    await requoteSession(deps.env.DB, payment.session, basketId, cart.totals.remainingToPay, cart.currency);
    const quoted = await cartStub(deps.env, basketId).setQuote(callerOf(shopper), quoteOf(cart, tendersOf(cart, current.state)));
    if (!quoted.ok) throwRefusal(quoted);
  }
  return { quote, cookies };
}

export interface ApplePayPaymentInput {
  token: ApplePayPaymentToken;
  shippingContact?: ApplePayContact | undefined;
  billingContact?: ApplePayContact | undefined;
  storeContext?: 'applePayPdp' | undefined;
  /** The address the call came to (placeOrder's requestUrl). */
  requestUrl: string;
}

/**
 * The shopper authorized the payment on the sheet: the full contacts are checked by the Apple Pay rules and
 * then by the store's own (an address the carrier cannot take is refused at its field, never cut short),
 * the device's payment becomes the processor's token, and the order is placed once per Apple Pay transaction.
 */
export async function applePayPayment(
  deps: ServiceDeps,
  shopper: Shopper,
  locale: Locale,
  basketId: string,
  input: ApplePayPaymentInput,
): Promise<PlacedOrder & { cookies: CookieChange[] }> {
  const caller = callerOf(shopper);
  const stub = cartStub(deps.env, basketId);
  const current = await ownBasket(deps, shopper, basketId);
  const idempotencyKey = `applepay-${input.token.transactionIdentifier}`;
  const known = await orderOfKey(deps.env.DB, idempotencyKey, caller.usid);
  const cookies: CookieChange[] = [];
  if (!known) {
    const rules = contactRules(locale);
    const shippingContact = input.shippingContact;
    const { cart, cookies: priced } = await pricedCart(deps, shopper, locale, { result: current });
    cookies.push(...priced);
    const shipsHome = (cart.shippingMethods[0]?.lines ?? 0) > 0;
    let shipping = current.state.shippingAddress as Record<string, unknown> | null;
    if (shippingContact) {
      const problems = applePayContactProblems(shippingContact, 'shipping', rules, true);
      if (problems.length > 0) throw contactRefusal(locale, problems, 'shipping');
      const address = applePayAddress(shippingContact, { email: current.state.email ?? undefined });
      if (shipsHome) cookies.push(...(await setShippingAddress(deps, shopper, locale, basketId, address, ApplePayAddressSchema)).cookies);
      else if (address.email) await stub.setEmail(caller, address.email);
      shipping = address;
    } else if (shipsHome && !shipping) {
      throw contactRefusal(locale, [{ code: 'shippingContactInvalid', contactField: 'addressLines', messageKey: 'applePay.required' }], 'shipping');
    }
    const billingContact = input.billingContact;
    if (!billingContact)
      throw contactRefusal(locale, [{ code: 'billingContactInvalid', contactField: 'addressLines', messageKey: 'applePay.required' }], 'billing');
    const billingProblems = applePayContactProblems(billingContact, 'billing', rules, true);
    if (billingProblems.length > 0) throw contactRefusal(locale, billingProblems, 'billing');
    // Apple Pay's billing contact is an address and a name; the email and phone are the delivery's (or the basket's).
    const billing = applePayAddress(billingContact, {
      email: String(shipping?.email ?? current.state.email ?? ''),
      phone: String(shipping?.phone ?? ''),
    });
    await setBillingAddress(deps, shopper, basketId, billing, ApplePayAddressSchema);
    const provider = paymentProviderFor(deps.env, deps);
    const paid = await provider.applePayToken(input.token);
    if (!paid) throw new HttpError('PAY400', translator(locale.lang, locale.tag)('applePay.paymentFailed'));
    const sheet = current.state.payment?.method === 'DW_APPLE_PAY' ? current.state.payment.session : undefined;
    if (!sheet) throw new HttpError('PAY400', translator(locale.lang, locale.tag)('applePay.paymentFailed'));
    const saved = await stub.setPayment(caller, { method: 'DW_APPLE_PAY', session: sheet, token: paid.token, card: paid.card });
    if (!saved.ok) throwRefusal(saved);
  }
  const placed = await placeOrder(deps, shopper, locale, {
    basketId,
    paymentMethod: { code: 'DW_APPLE_PAY' },
    // The device authenticated the shopper (Face ID, Touch ID or the passcode): that vouches for a person.
    walletApproved: true,
    storeContext: input.storeContext,
    idempotencyKey,
    requestUrl: input.requestUrl,
  });
  return { ...placed, cookies: [...cookies, ...placed.cookies] };
}
