// Apple Pay's sheet in the browser (commerce-core §4 Apple Pay session): merchant validation, the shipping
// contact and method the shopper picks (each answered by the store with a new total or an error at the
// sheet's field), the authorized payment that places the order, then success. Any failure completes the
// step as a failure; a cancel resets the page. Loaded only on a device that has ApplePaySession.

import { type ApplePayContact, applePayErrorFor } from '../../shared/commerce/apple-pay.ts';
import { ApiError, callRoute } from '../api-answer.ts';
import { openPaymentSession } from '../cart/payment-session.ts';

interface ApplePayLineItem {
  label: string;
  amount: string;
  type?: 'final' | 'pending';
}

interface ApplePayShippingMethod {
  identifier: string;
  label: string;
  detail: string;
  amount: string;
}

interface Quote {
  total: ApplePayLineItem;
  lineItems: ApplePayLineItem[];
  shippingMethods: ApplePayShippingMethod[];
  selectedShippingMethod: string;
}

interface PaymentAuthorized {
  payment: {
    token: { paymentData: Record<string, unknown>; paymentMethod: { displayName?: string; network?: string; type?: string }; transactionIdentifier: string };
    shippingContact?: ApplePayContact;
    billingContact?: ApplePayContact;
  };
}

/** The parts of Safari's ApplePaySession this code uses. */
export interface ApplePaySessionLike {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onshippingcontactselected: ((event: { shippingContact: ApplePayContact }) => void) | null;
  onshippingmethodselected: ((event: { shippingMethod: ApplePayShippingMethod }) => void) | null;
  onpaymentauthorized: ((event: PaymentAuthorized) => void) | null;
  oncancel: (() => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completeShippingContactSelection(update: {
    newTotal: ApplePayLineItem;
    newLineItems?: ApplePayLineItem[];
    newShippingMethods?: ApplePayShippingMethod[];
    errors?: unknown[];
  }): void;
  completeShippingMethodSelection(update: { newTotal: ApplePayLineItem; newLineItems?: ApplePayLineItem[]; errors?: unknown[] }): void;
  completePayment(result: { status: number; errors?: unknown[] }): void;
}

interface ApplePayWindow {
  ApplePaySession?: {
    new (version: number, request: unknown): ApplePaySessionLike;
    canMakePayments(): boolean;
    supportsVersion(version: number): boolean;
    readonly STATUS_SUCCESS: number;
    readonly STATUS_FAILURE: number;
  };
  ApplePayError?: new (code: string, contactField?: string, message?: string) => unknown;
}

const applePayWindow = () => window as unknown as ApplePayWindow;

/** The sheet's version this code speaks: errors on contact and method updates need 3. */
const VERSION = 3;

/** Whether this device can pay with Apple Pay here (Safari with a card in Wallet). */
export function applePayAvailable(): boolean {
  try {
    const Session = applePayWindow().ApplePaySession;
    return Boolean(Session?.supportsVersion(VERSION) && Session.canMakePayments());
  } catch {
    // Outside a secure context or in a frame, Safari throws rather than answer false.
    return false;
  }
}

export type ApplePayState = 'validating' | 'shippingContact' | 'shippingMethod' | 'authorizing' | 'placed' | 'failed' | 'cancelled';

export interface ApplePayOptions {
  countryCode: string;
  currencyCode: string;
  /** What the sheet shows before the store has answered. */
  total: ApplePayLineItem;
  /** From the product page the sheet collects the delivery; at checkout the cart has it already. */
  askShipping: boolean;
  /** The basket to pay: made on demand from the product page, the cart's at checkout. */
  basket: () => Promise<string>;
  referer: 'pdp' | 'checkout';
  storeContext?: 'applePayPdp';
  /** The localized text of a message key (the sheet's own errors). */
  message: (key: string) => string;
  onState?: (state: ApplePayState) => void;
  onPlaced: (redirect: string) => void;
  /** Said on the page (the top banner) when the payment did not go through: the refusal, and its message. */
  onFailed: (error: unknown, message: string) => void;
  /** The shopper closed the sheet: the page goes back to how it was. */
  onCancel: () => void;
}

// The page's own code reaches the amount's writing through this module, loaded with the sheet.
export { applePayAmount } from '../../shared/commerce/apple-pay.ts';

/**
 * The errors the sheet shows at its fields for a refused contact or payment: one per detail the store gave,
 * as Apple's own ApplePayError where the browser has it.
 */
function sheetErrorsFor(error: unknown, kind: 'shipping' | 'billing', message: ApplePayOptions['message']): unknown[] {
  const { ApplePayError } = applePayWindow();
  const apiError = error instanceof ApiError ? error : null;
  const details = apiError?.details.length ? apiError.details : [{ field: undefined, message: undefined }];
  return details.map((detail) => {
    const problem = applePayErrorFor(apiError?.errorId ?? 'GEN500', detail.field, kind);
    const text = detail.message ?? message(problem.messageKey);
    return ApplePayError
      ? new ApplePayError(problem.code, problem.contactField, text)
      : { code: problem.code, contactField: problem.contactField, message: text };
  });
}

/** Starts the sheet. Apple requires this to run inside the click that asked for it, before any await. */
export function beginApplePay(options: ApplePayOptions): void {
  const { ApplePaySession: Session } = applePayWindow();
  if (!Session) return;
  const session = new Session(VERSION, {
    countryCode: options.countryCode,
    currencyCode: options.currencyCode,
    merchantCapabilities: ['supports3DS'],
    supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
    total: { ...options.total, type: 'final' },
    requiredBillingContactFields: ['postalAddress', 'name'],
    ...(options.askShipping ? { requiredShippingContactFields: ['postalAddress', 'name', 'phone', 'email'], shippingType: 'shipping' } : {}),
  });
  let basketId = '';
  let contact: ApplePayContact | undefined;
  let total: ApplePayLineItem = options.total;
  let failed = false;
  const state = (next: ApplePayState) => options.onState?.(next);

  const sheetErrors = (error: unknown, kind: 'shipping' | 'billing') => sheetErrorsFor(error, kind, options.message);
  const failWith = (error: unknown) => {
    failed = true;
    state('failed');
    options.onFailed(error, error instanceof ApiError ? error.message : options.message('applePay.paymentFailed'));
  };
  const quote = (body: { shippingContact?: ApplePayContact | undefined; shippingMethod?: string }) =>
    callRoute('POST', `/api/cart/v1/cart/${basketId}/applePay/quote`, body);
  // The chosen method first: the sheet shows the first as selected.
  const methodsOf = (answer: Quote) =>
    [...answer.shippingMethods].sort((a, b) => Number(b.identifier === answer.selectedShippingMethod) - Number(a.identifier === answer.selectedShippingMethod));

  session.onvalidatemerchant = (event) => {
    state('validating');
    void (async () => {
      try {
        basketId = await options.basket();
        const query = new URLSearchParams({ paymentMethodId: 'DW_APPLE_PAY', basketId, referer: options.referer, validationUrl: event.validationURL });
        const answer = await openPaymentSession(`/api/cart/v1/paymentSession?${query}`);
        // The same route opens a PayPal or Klarna session, which answers a redirect instead.
        if (!('merchantSession' in answer.meta)) throw new Error('No merchant session');
        session.completeMerchantValidation(answer.meta.merchantSession);
      } catch (error) {
        session.abort();
        failWith(error);
      }
    })();
  };

  if (options.askShipping) {
    session.onshippingcontactselected = (event) => {
      state('shippingContact');
      contact = event.shippingContact;
      void quote({ shippingContact: contact }).then(
        (answer) => {
          total = answer.total;
          session.completeShippingContactSelection({ newTotal: answer.total, newLineItems: answer.lineItems, newShippingMethods: methodsOf(answer) });
        },
        (error: unknown) =>
          session.completeShippingContactSelection({ newTotal: total, newLineItems: [], newShippingMethods: [], errors: sheetErrors(error, 'shipping') }),
      );
    };
    session.onshippingmethodselected = (event) => {
      state('shippingMethod');
      void quote({ shippingContact: contact, shippingMethod: event.shippingMethod.identifier }).then(
        (answer) => {
          total = answer.total;
          session.completeShippingMethodSelection({ newTotal: answer.total, newLineItems: answer.lineItems });
        },
        (error: unknown) => session.completeShippingMethodSelection({ newTotal: total, newLineItems: [], errors: sheetErrors(error, 'shipping') }),
      );
    };
  }

  session.onpaymentauthorized = (event) => {
    state('authorizing');
    const { token, shippingContact, billingContact } = event.payment;
    void callRoute('POST', `/api/cart/v1/cart/${basketId}/applePay/payment`, {
      payment: { token, ...(options.askShipping && shippingContact ? { shippingContact } : {}), ...(billingContact ? { billingContact } : {}) },
      ...(options.storeContext ? { storeContext: options.storeContext } : {}),
    }).then(
      (order) => {
        session.completePayment({ status: Session.STATUS_SUCCESS });
        state('placed');
        options.onPlaced(order.redirect);
      },
      (error: unknown) => {
        const billing = error instanceof ApiError && (error.errorId === 'BIL400' || error.errorId === 'BILL410');
        const errors = sheetErrors(error, billing ? 'billing' : 'shipping');
        session.completePayment({ status: Session.STATUS_FAILURE, errors });
        // A contact the shopper can correct stays on the sheet; a refused payment is also said on the page.
        const fixable = error instanceof ApiError && ['CHK320', 'BIL400', 'BILL410', 'SHP410', 'SHP500', 'SHP404', 'CHK380'].includes(error.errorId);
        if (!fixable) failWith(error);
      },
    );
  };

  session.oncancel = () => {
    state('cancelled');
    if (!failed) options.onCancel();
  };
  session.begin();
}
