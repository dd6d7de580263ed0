// /{locale}/checkout, the wallet return, and /{locale}/order-confirmation. Checkout and the confirmation
// are the shopper's own: private, never stored. A wallet comes back cross-site to a GET (ARCHITECTURE.md,
// Seams): the order is placed there after the processor confirms the session, never on the browser's word.

import type { Context } from 'hono';
import { SIGN_UP_RULES } from '../../../shared/account/sign-up-rules.ts';
import type { SessionClaims } from '../../../shared/api/session.ts';
import type { AddressFormRules, CheckoutAddress, CheckoutProps } from '../../../shared/commerce/checkout.ts';
import { CHECKOUT_STEPS, type CheckoutStep, orderConfirmationPath } from '../../../shared/commerce/checkout.ts';
import { ADDRESSED_CODES } from '../../../shared/commerce/delivery.ts';
import { formatMoney } from '../../../shared/commerce/money.ts';
import { ERROR_CATALOGUE, type ErrorCode } from '../../../shared/errors.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { localizeValidation } from '../../../shared/i18n/validation.ts';
import { findCountry } from '../../../shared/locale/countries.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { paths } from '../../../shared/routes.ts';
import { setBillingAddress, setShippingAddress } from '../../commerce/cart/addresses.ts';
import { currentBasket, walletBasket } from '../../commerce/cart/basket.ts';
import { callerOf } from '../../commerce/cart/caller.ts';
import { patchBasket } from '../../commerce/cart/lines.ts';
import { paymentMethodsFor } from '../../commerce/cart/payment-methods.ts';
import { type CartEntity, cartStub } from '../../commerce/cart/service.ts';
import { catalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { accountEmail, savedDeliveryAddresses } from '../../commerce/checkout/checkout-shopper.ts';
import { prepareOrder, savedCards, walletPaymentSession } from '../../commerce/checkout/payment.ts';
import { applyCookies, pricedCartOf, shopperOf } from '../../commerce/from-request.ts';
import { signInRequest } from '../../commerce/identity/http-session.ts';
import { orderAccessAllowed, sessionPlaced } from '../../commerce/orders/access.ts';
import { canClaim, claimOrder } from '../../commerce/orders/claim-order.ts';
import type { OrderEntity } from '../../commerce/orders/order-entity.ts';
import { readOrder } from '../../commerce/orders/order-entity.ts';
import { storeNamesOf } from '../../commerce/orders/order-stores.ts';
import { orderOfKey, placeOrder } from '../../commerce/orders/place-order.ts';
import { paymentProviderFor } from '../../commerce/payments/choose.ts';
import type { PaymentProvider } from '../../commerce/payments/provider.ts';
import { addressRules, type FieldRule } from '../../commerce/utilities/address-rules.ts';
import type { AppEnv } from '../../env.ts';
import { depsOf } from '../../lib/http-deps.ts';
import { HttpError } from '../../lib/http-error.ts';
import { ensureSession } from '../../middleware/session.ts';
import { loadEspot } from '../cms/espot.ts';
import { formRefusal } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { renderPage } from '../render.tsx';
import { CheckoutPage } from './CheckoutPage.tsx';
import { OrderConfirmationPage } from './OrderConfirmationPage.tsx';

const asAddress = (value: Record<string, unknown> | null): CheckoutAddress | null =>
  value
    ? {
        firstName: String(value.firstName ?? ''),
        lastName: String(value.lastName ?? ''),
        addressLine1: String(value.addressLine1 ?? ''),
        addressLine2: String(value.addressLine2 ?? ''),
        city: String(value.city ?? ''),
        postalCode: String(value.postalCode ?? ''),
        province: String(value.province ?? ''),
        countryCode: String(value.countryCode ?? ''),
        phone: String(value.phone ?? ''),
      }
    : null;

/** What the checkout's address forms apply of the rules the API serves: lengths, provinces and transforms. */
function addressFormRules(rules: Record<string, FieldRule>): AddressFormRules {
  const fields = ['firstName', 'lastName', 'addressLine1', 'addressLine2', 'city', 'postalCode', 'province', 'phone'] as const;
  const max: AddressFormRules['max'] = {};
  const transforms: AddressFormRules['transforms'] = {};
  for (const field of fields) {
    const rule = rules[field];
    if (rule?.max && field !== 'phone') max[field] = rule.max;
    if (rule?.transform) transforms[field] = rule.transform;
  }
  const provinces = rules.province?.options;
  return { max, transforms, ...(provinces ? { provinces } : {}) };
}

/** The pickup contacts the cart asks for, as it has them or started from the order's own name, phone and email. */
function pickupContactsOf(cart: CartEntity, email: string): CheckoutProps['pickupContacts'] {
  const { collectionPoint, storePickup } = cart.pickupContactsRequired;
  if (!collectionPoint && !storePickup) return null;
  const address = cart.shippingAddress ?? {};
  const name = `${address.firstName ?? ''} ${address.lastName ?? ''}`.trim();
  return {
    ...(collectionPoint
      ? { collectionPoint: cart.pickupContacts?.collectionPoint ?? { contactName: name, mobilePhone: String(address.phone ?? ''), email } }
      : {}),
    ...(storePickup ? { storePickup: cart.pickupContacts?.storePickup ?? { email } } : {}),
  };
}

/** A refusal carried back to the page in its URL (a wallet that came back declined): said in the page's language. */
function noticeOf(c: Context<AppEnv>, code: string | undefined): string | null {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  // A failed 3-D Secure check comes back here on its new cart (commerce-core §4), with the authentication error.
  if (code === 'authentication') return t('checkout.authenticationFailed');
  if (!code || !(code in ERROR_CATALOGUE)) return null;
  return t(ERROR_CATALOGUE[code as ErrorCode].messageKey as MessageKey);
}

/** Each of the site's countries' address rules, as the checkout's address forms apply them. */
function siteAddressRules(locale: Locale): CheckoutProps['addressRules'] {
  return Object.fromEntries(
    locale.site.countries.flatMap((code) => {
      const country = findCountry(code);
      return country ? [[code, addressFormRules(addressRules(country))]] : [];
    }),
  );
}

/** The wallets the checkout offers on this site to this shopper, with this payment provider. */
function walletsOf(locale: Locale, claims: SessionClaims | undefined, provider: PaymentProvider): CheckoutProps['wallets'] {
  return paymentMethodsFor(locale.site.id, claims, provider.applePay)
    .map((method) => method.id)
    .filter((id): id is 'PAYPAL' | 'KLARNA' | 'DW_APPLE_PAY' => id === 'PAYPAL' || id === 'KLARNA' || id === 'DW_APPLE_PAY');
}

export async function checkoutPage(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const query = new URL(c.req.url).searchParams;
  let basket = await currentBasket(depsOf(c), shopperOf(c));
  // Back after an item went (ORD430): the cart is read again, repaired, before the shopper goes on.
  if (basket?.ok && query.get('notice') === 'ORD430') basket = (await patchBasket(depsOf(c), shopperOf(c), locale, basket.state.basketId)).change.result;
  if (!basket?.ok || basket.state.lines.length === 0) return c.redirect(paths.cart(locale.code), 303);
  const claims = c.get('session')?.claims;
  const consumerNo = claims?.type === 'registered' ? claims.consumerNo : undefined;
  const express = query.get('express') === '1' && Boolean(consumerNo);
  const provider = paymentProviderFor(c.env);
  // The summary is the review step: its amounts are recorded as the ones the order must pay.
  const reviewing = express || query.get('step') === 'summary';
  const [prepared, addresses, cards, signedInEmail, espot, index] = await Promise.all([
    reviewing
      ? prepareOrder(depsOf(c), shopperOf(c), locale, basket.state.basketId, express).then(
          (prepared) => {
            applyCookies(c, prepared.cookies);
            return prepared;
          },
          () => null,
        )
      : null,
    consumerNo ? savedDeliveryAddresses(c.env.DB, consumerNo) : [],
    consumerNo ? savedCards(c.env.DB, consumerNo, provider.name) : [],
    consumerNo ? accountEmail(c.env.DB, consumerNo) : null,
    loadEspot(c, 'checkout'),
    catalogIndex(c.env.DB, c.get('logger')),
  ]);
  const cart = prepared?.cart ?? (await pricedCartOf(c, locale, { result: basket }));
  if (cart.items.length === 0) return c.redirect(paths.cart(locale.code), 303);
  const requested = query.get('step') as CheckoutStep | null;
  const step: CheckoutStep = prepared?.checkoutStatus === 'EXPRESS' ? 'summary' : requested && CHECKOUT_STEPS.includes(requested) ? requested : 'shipping';
  // A free gift goes with the rest (home, or to the pickup store): it alone never asks for an address.
  const needsAddress = cart.items.some((item) => !item.bonus && !item.isDigitalProduct && ADDRESSED_CODES.includes(item.shippingOptions?.selected ?? 'STH'));
  const island: CheckoutProps = {
    basketId: cart.basketId,
    step,
    guest: !consumerNo,
    email: signedInEmail ?? cart.email ?? String(cart.billingAddress?.email ?? ''),
    needsAddress,
    countries: [...locale.site.countries],
    addressRules: siteAddressRules(locale),
    shippingAddress: asAddress(cart.shippingAddress),
    pickupPoint: pickupPointText(cart),
    billingAddress: asAddress(cart.billingAddress),
    savedAddresses: addresses.map((saved) => ({ addressId: saved.addressId, address: asAddress(saved.address) as CheckoutAddress })),
    savedCards: cards.map(({ paymentInstrumentId, brand, last4, expMonth, expYear, main }) => ({ paymentInstrumentId, brand, last4, expMonth, expYear, main })),
    payment: cart.payment,
    cardFields: provider.cardFields(),
    botSiteKey: c.env.TURNSTILE_SITE_KEY ?? null,
    wallets: walletsOf(locale, claims, provider),
    remainingToPay: cart.totals.remainingToPay,
    remainingToPayText: formatMoney(cart.totals.remainingToPay, cart.currency, locale.tag),
    currency: cart.currency,
    checkoutStatus: prepared?.checkoutStatus ?? null,
    notice: noticeOf(c, query.get('notice') ?? undefined),
    pickupContacts: pickupContactsOf(cart, signedInEmail ?? cart.email ?? ''),
    athlete:
      cart.athletePayment && cart.athletePayment.remainingAmount > 0
        ? { remainingText: formatMoney(cart.athletePayment.remainingAmount, cart.currency, locale.tag), applied: cart.athletePayment.applied > 0 }
        : null,
  };
  const response = await renderPage(c, {
    meta: {
      title: `${t('checkout.title')} | ${t('brand.name')}`,
      description: t('checkout.title'),
      pageType: 'checkout',
      styles: ['order', 'checkout'],
      // Like the cart, checkout is an entry point: without a basket a crawler is sent to the cart, so nothing private is indexed.
      canonical: paths.checkout(locale.code),
    },
    body: <CheckoutPage cart={cart} island={island} espot={espot} index={index} />,
    // A page opened at a later step needs that step's code at once: it loads beside the island's.
    modules: step === 'billing' ? ['checkout/Payment'] : step === 'summary' ? ['checkout/Review'] : [],
    fallback: () => null,
  });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

/**
 * Back from a redirect wallet (PayPal, Klarna): the processor is asked about the session, and the order is
 * placed from the basket it was opened for. Declined or cancelled, the shopper is back on the payment step.
 */
export async function walletReturn(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const query = new URL(c.req.url).searchParams;
  const basketId = query.get('basket') ?? '';
  const walletSession = query.get('walletSession') ?? query.get('payment_intent') ?? '';
  const storeContext = query.get('storeContext');
  const back = (code: string) => c.redirect(`${paths.checkout(locale.code, 'billing')}&notice=${code}`, 303);
  if (!/^[a-f0-9]{32}$/.test(basketId) || !/^[\w-]{1,128}$/.test(walletSession)) return back('PAY400');
  const stub = cartStub(c.env, basketId);
  const current = await stub.read(callerOf(shopperOf(c)));
  const payment = current.ok ? current.state.payment : null;
  try {
    // A return seen before (a reload, the back button) is the order it made.
    const known = await orderOfKey(c.env.DB, `wallet-${walletSession}`, callerOf(shopperOf(c)).usid);
    if (!known && current.ok && !current.state.shippingAddress) {
      // A product page's wallet order: the buyer's name and address come from the wallet, as they approved them.
      const session = await paymentProviderFor(c.env).walletSession(walletSession);
      if (session?.payer) {
        const { email, firstName, lastName, address } = session.payer;
        const delivery = { firstName, lastName, addressLine2: '', ...address };
        applyCookies(c, (await setShippingAddress(depsOf(c), shopperOf(c), locale, basketId, { ...delivery, email })).cookies);
        await setBillingAddress(depsOf(c), shopperOf(c), basketId, { ...delivery, email });
      }
    }
    const placed = await placeOrder(depsOf(c), shopperOf(c), locale, {
      basketId,
      paymentMethod: { code: payment?.method ?? 'PAYPAL', additionalData: { walletSession } },
      walletApproved: true,
      storeContext: storeContext === 'applePayPdp' || storeContext === 'paypalPdp' ? storeContext : undefined,
      idempotencyKey: `wallet-${walletSession}`,
      requestUrl: c.req.url,
    });
    applyCookies(c, placed.cookies);
    return c.redirect(paths.orderConfirmation(locale.code, placed.orderNumber, placed.st, placed.order.storeContext ?? undefined), 303);
  } catch (error) {
    if (error instanceof HttpError) {
      c.get('logger').warn('wallet.return.refused', { code: error.code, message: error.message, details: error.details });
      if (error.code === 'PAY409' && storeContext === 'paypalPdp') {
        // The wallet's address moved the total (tax, delivery): the product page's order has no payment step to
        // go back to, so the shopper approves the new amount at the wallet straight away.
        const again = await walletPaymentSession(depsOf(c), shopperOf(c), locale, { basketId, method: 'paypal', referer: 'pdp', requestUrl: c.req.url });
        applyCookies(c, again.cookies);
        return c.redirect(again.session.meta.redirectUrl, 303);
      }
      return back(error.code);
    }
    throw error;
  }
}

/**
 * The product page's express wallet button (commerce-core §2): the chosen size in a basket of its own,
 * apart from the cart, then straight to the wallet. A plain form post, so it needs no JavaScript.
 */
export async function expressWallet(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const { fields } = await readForm(c);
  const productId = fields.productId ?? '';
  if (!/^[A-Z0-9]{9,11}$/.test(productId)) throw new HttpError('API400', 'Choose a size first.', [{ field: 'productId', message: 'Choose a size first.' }]);
  await ensureSession(c);
  const { result } = await walletBasket(depsOf(c), shopperOf(c), locale, undefined, { productId, qty: 1 });
  if (!result.ok) throw new HttpError('INV700');
  const { session, cookies } = await walletPaymentSession(depsOf(c), shopperOf(c), locale, {
    basketId: result.state.basketId,
    method: 'paypal',
    referer: 'pdp',
    requestUrl: c.req.url,
  });
  applyCookies(c, cookies);
  return c.redirect(session.meta.redirectUrl, 303);
}

/** The order the confirmation's address names, if this shopper may open it (their own, their session's, or its token). */
async function confirmedOrder(c: Context<AppEnv>): Promise<OrderEntity> {
  const locale = c.get('locale');
  const query = new URL(c.req.url).searchParams;
  const orderNumber = query.get('orderNo') ?? '';
  const order = /^CR\d{9}$/.test(orderNumber) ? await readOrder(c.env.DB, orderNumber) : null;
  const claims = c.get('session')?.claims;
  const allowed =
    order &&
    ((order.consumerNo && order.consumerNo === claims?.consumerNo) ||
      (!order.consumerNo && (await sessionPlaced(c.env.DB, orderNumber, claims?.usid))) ||
      (await orderAccessAllowed(c.env.DB, orderNumber, query.get('st') ?? undefined)));
  if (!order || !allowed || order.status === 'placing' || order.status === 'failed') {
    throw new HttpError('OHS4004', translator(locale.lang, locale.tag)('order.notFound'));
  }
  return order;
}

export function orderConfirmationPage(c: Context<AppEnv>): Promise<Response> {
  return confirmation(c, {}, 200);
}

/** The guest's one-step account: the order is theirs from now on, and they are signed in. */
export async function orderClaim(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const order = await confirmedOrder(c);
  const signedIn = c.get('session')?.claims.type === 'registered';
  if (!(await canClaim(c.env.DB, order, signedIn))) return c.redirect(orderConfirmationPath(locale.code, order.orderNumber), 303);
  const { fields } = await readForm(c);
  try {
    const { signIn } = await claimOrder(depsOf(c), locale, order, fields);
    await signInRequest(c, signIn);
  } catch (error) {
    const { errors } = formRefusal(c, error, {
      codes: (refused) => refused.status < 500,
      details: 'any',
      fields: ['password', 'birthDate', 'isTermsConfirmed'],
      field: () => 'form',
      message: (refused, t) => localizeValidation(t, refused.message),
    });
    return confirmation(c, errors, 400);
  }
  return c.redirect(`${orderConfirmationPath(locale.code, order.orderNumber)}&notice=account-created`, 303);
}

async function confirmation(c: Context<AppEnv>, claimErrors: Record<string, string>, status: 200 | 400): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const query = new URL(c.req.url).searchParams;
  const order = await confirmedOrder(c);
  const signedIn = c.get('session')?.claims.type === 'registered';
  const claim = (await canClaim(c.env.DB, order, signedIn))
    ? {
        action: `/${locale.code}/order-confirmation/account?${new URLSearchParams({ orderNo: order.orderNumber, st: query.get('st') ?? '' })}`,
        birthDate: SIGN_UP_RULES[locale.site.id].birthDateRequired,
        errors: claimErrors,
      }
    : null;
  const [stores, espot, index] = await Promise.all([
    storeNamesOf(c.env.DB, order),
    loadEspot(c, 'order-confirmation'),
    catalogIndex(c.env.DB, c.get('logger')),
  ]);
  const response = await renderPage(c, {
    meta: {
      title: `${t('order.title')} | ${t('brand.name')}`,
      description: t('order.title'),
      pageType: 'order confirmation',
      styles: ['order', 'checkout'],
      canonical: `/${locale.code}/order-confirmation`,
      // Its address carries the order's access token: never to be indexed, whoever reaches it.
      robots: 'noindex',
    },
    body: (
      <OrderConfirmationPage
        state={{
          order,
          stores,
          claim,
          accountCreated: signedIn && query.get('notice') === 'account-created',
          espot,
        }}
        index={index}
      />
    ),
    fallback: () => null,
    status,
  });
  response.headers.set('Cache-Control', 'private, no-store');
  response.headers.set('Referrer-Policy', 'no-referrer');
  return response;
}

/** The home shipment's pickup point, when the cart sends it to one: what the review names. */
function pickupPointText(cart: CartEntity): string | null {
  const shipment = cart.shippingMethods[0];
  const point = shipment?.code === 'pudo' && shipment.lines > 0 ? shipment.point : undefined;
  return point ? [point.name, point.addressLine1, `${point.postalCode} ${point.city}`].join(', ') : null;
}
