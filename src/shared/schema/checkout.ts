// The checkout calls' inputs (commerce-core §7, the checkout rows): prepare, place, the 3-D Secure patch,
// the wallet payment session and the device fingerprint.

import * as v from 'valibot';

const BASKET_ID = v.pipe(v.string(), v.regex(/^[a-f0-9]{32}$/, 'A basket id is the one the cart call answered.'));
const ORDER_NUMBER = v.pipe(v.string(), v.regex(/^CR\d{9}$/, 'An order number is the one the order call answered.'));
const OPAQUE = (what: string) =>
  v.pipe(v.string(`${what} is what the processor answered.`), v.regex(/^[\w-]{1,128}$/, `${what} is what the processor answered.`));

export const PrepareOrderQuery = v.object({
  basketId: BASKET_ID,
  /** Express checkout: the account's default address and main card, straight to the summary. */
  express: v.optional(v.picklist(['true', 'false'], 'express is true or false.')),
});

export const PlaceOrderBody = v.object({
  cartId: BASKET_ID,
  recaptcha_response: v.optional(v.pipe(v.string(), v.maxLength(4096))),
  billingAddress: v.optional(v.looseObject({})),
  paymentMethod: v.optional(
    v.object({
      code: v.picklist(
        ['CREDIT_CARD', 'GIFT_CARD', 'LOYALTY_POINTS', 'PAYPAL', 'KLARNA', 'DW_APPLE_PAY'],
        'paymentMethod.code is a payment method of the cart.',
      ),
      additionalData: v.optional(
        v.object({
          paymentInstrumentId: v.optional(v.pipe(v.string(), v.uuid('paymentInstrumentId is a saved card of yours.'))),
          cvcToken: v.optional(OPAQUE('cvcToken')),
          walletSession: v.optional(OPAQUE('walletSession')),
        }),
      ),
      bin: v.optional(v.pipe(v.string(), v.regex(/^\d{6,8}$/))),
      type: v.optional(v.pipe(v.string(), v.maxLength(20))),
    }),
  ),
  inStoreSalesInfo: v.optional(
    v.object({
      storeId: v.pipe(v.string(), v.regex(/^[A-Z]{2}-\d{4}$/, 'storeId is a store id such as US-0001.')),
      storeEmployeeId: v.pipe(v.string(), v.regex(/^[\w-]{1,32}$/, 'storeEmployeeId is the associate id.')),
    }),
  ),
  deviceId: v.optional(OPAQUE('deviceId')),
  checkoutStatus: v.optional(v.picklist(['EXPRESS'])),
  storeContext: v.optional(v.picklist(['applePayPdp', 'paypalPdp'])),
});

export const OrderParams = v.object({ orderNumber: ORDER_NUMBER });

export const AuthenticationPatchBody = v.object({
  paymentMethod: v.object({
    code: v.literal('CREDIT_CARD', 'paymentMethod.code is CREDIT_CARD.'),
    additionalData: v.optional(
      v.object({
        cardType: v.optional(v.pipe(v.string(), v.maxLength(20))),
        paymentInstrumentId: v.optional(v.pipe(v.string(), v.maxLength(64))),
        sessionID: v.optional(OPAQUE('sessionID')),
        threeDS2Result: v.optional(v.pipe(v.string(), v.maxLength(2048))),
      }),
    ),
  }),
});

export const PaymentSessionQuery = v.object({
  referer: v.optional(v.pipe(v.string(), v.maxLength(40))),
  paymentMethodId: v.optional(
    v.picklist(['DW_APPLE_PAY', 'CREDIT_CARD', 'PAYPAL', 'KLARNA'], 'paymentMethodId is DW_APPLE_PAY, CREDIT_CARD, PAYPAL or KLARNA.'),
  ),
  paymentMethod: v.optional(v.picklist(['paypal', 'klarna', 'applepay'], 'paymentMethod is paypal, klarna or applepay.')),
  /** The basket to pay: the shopper's cart, or a product page's wallet basket (bid). */
  basketId: v.optional(BASKET_ID),
  /** Apple Pay's merchant validation: the gateway URL the device named (onvalidatemerchant). */
  validationUrl: v.optional(v.pipe(v.string(), v.maxLength(300))),
});

const CONTACT_TEXT = v.optional(v.pipe(v.string(), v.maxLength(100, 'A contact field is at most 100 characters.')));

/** A contact as the Apple Pay sheet hands it over (ApplePayPaymentContact); the rules are checked by the call. */
export const ApplePayContactSchema = v.object({
  givenName: CONTACT_TEXT,
  familyName: CONTACT_TEXT,
  emailAddress: CONTACT_TEXT,
  phoneNumber: CONTACT_TEXT,
  addressLines: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(3))),
  locality: CONTACT_TEXT,
  administrativeArea: CONTACT_TEXT,
  postalCode: CONTACT_TEXT,
  country: CONTACT_TEXT,
  countryCode: CONTACT_TEXT,
});

export const ApplePayQuoteBody = v.object({
  shippingContact: v.optional(ApplePayContactSchema),
  shippingMethod: v.optional(v.pipe(v.string(), v.maxLength(20))),
});

export const ApplePayPaymentBody = v.object({
  payment: v.object({
    token: v.object({
      paymentData: v.looseObject({}),
      paymentMethod: v.object({ displayName: CONTACT_TEXT, network: CONTACT_TEXT, type: CONTACT_TEXT }),
      transactionIdentifier: v.pipe(v.string(), v.regex(/^[\w-]{1,200}$/, 'transactionIdentifier is the one Apple Pay gave.')),
    }),
    shippingContact: v.optional(ApplePayContactSchema),
    billingContact: v.optional(ApplePayContactSchema),
  }),
  storeContext: v.optional(v.picklist(['applePayPdp'])),
});

export const DeviceFingerprintBody = v.object({
  timeZone: v.pipe(v.string('timeZone is the browser time zone.'), v.maxLength(64)),
});

export const OrderQuery = v.object({ st: v.optional(v.pipe(v.string(), v.maxLength(100))) });
