// The error catalogue (commerce-core §8): code, HTTP status and message key, one table for both sides.

export interface CatalogueEntry {
  status: 400 | 401 | 402 | 403 | 404 | 405 | 406 | 409 | 410 | 413 | 415 | 423 | 429 | 500 | 502 | 503;
  /** Key into the message catalogues; islands map it to a localized message. */
  messageKey: string;
  /** English default, used by the API when the caller gave no better message. */
  message: string;
}

export const ERROR_CATALOGUE = {
  API400: { status: 400, messageKey: 'error.badRequest', message: 'The request is not valid.' },
  API404: { status: 404, messageKey: 'error.notFound', message: 'The requested resource does not exist.' },
  API405: { status: 405, messageKey: 'error.methodNotAllowed', message: 'This method is not allowed on this resource.' },
  API406: { status: 406, messageKey: 'error.notAcceptable', message: 'The requested representation is not available.' },
  API413: { status: 413, messageKey: 'error.payloadTooLarge', message: 'The request body is too large.' },
  API415: { status: 415, messageKey: 'error.unsupportedMediaType', message: 'The request body must be JSON.' },
  API429: { status: 429, messageKey: 'error.tooManyRequests', message: 'Too many attempts. Please wait a moment and try again.' },
  API403: { status: 403, messageKey: 'error.forbidden', message: 'Cross-site requests are not allowed.' },
  AUT401: { status: 401, messageKey: 'error.unauthorized', message: 'Valid credentials are required.' },
  AUT403: { status: 403, messageKey: 'error.botCheckFailed', message: 'We could not confirm you are not a robot. Please try again.' },
  AUT402: { status: 410, messageKey: 'error.resetLinkExpired', message: 'This password reset link has expired or was already used. Ask for a new one.' },
  AUT450: { status: 401, messageKey: 'error.wrongCurrentPassword', message: 'The current password is not correct.' },
  AUT451: { status: 400, messageKey: 'error.samePassword', message: 'Choose a new password, different from the current one.' },
  FE340: { status: 400, messageKey: 'error.passwordsDiffer', message: 'The passwords do not match.' },
  FE872: { status: 400, messageKey: 'error.passwordTooShort', message: 'Password must contain at least 8 characters' },
  AUT439: { status: 409, messageKey: 'error.loginInUse', message: 'An account already exists for this email. Sign in instead, or reset your password.' },
  AUT442: { status: 409, messageKey: 'error.phoneInUse', message: 'This phone number is already used by another account.' },
  AUT437: { status: 401, messageKey: 'error.invalidCredentials', message: 'The email or password is not correct.' },
  AUT418: { status: 401, messageKey: 'error.invalidCredentials', message: 'The email or password is not correct.' },
  AUT438: { status: 401, messageKey: 'associate.wrongPin', message: 'The employee number or PIN is not correct.' },
  AUT426: {
    status: 401,
    messageKey: 'error.lastAttempt',
    message: 'The email or password is not correct. One more wrong attempt will lock the account for 15 minutes.',
  },
  AUT423: {
    status: 423,
    messageKey: 'error.userLocked',
    message: 'Too many wrong attempts: the account is locked for 15 minutes. You can reset your password.',
  },
  AUT441: {
    status: 423,
    messageKey: 'error.accountLocked',
    message: 'The account is locked for a while after too many wrong attempts. Try again later or reset your password.',
  },
  AUT500: { status: 503, messageKey: 'error.signInUnavailable', message: 'Signing in is not possible right now. Please try again in a moment.' },
  AUT432: { status: 401, messageKey: 'error.authorizationFailed', message: 'The sign-in could not be completed. Please sign in again.' },
  AUT409: { status: 409, messageKey: 'error.duplicatedToken', message: 'This sign-in is already being completed.' },
  AUT452: { status: 400, messageKey: 'error.samePassword', message: 'Choose a new password, different from the current one.' },
  AUT453: { status: 400, messageKey: 'error.invalidEmail', message: 'Email is not valid' },
  AUT444: { status: 409, messageKey: 'error.phoneInUse', message: 'This phone number is already used by another account.' },
  PRO400: { status: 409, messageKey: 'error.loginInUse', message: 'An account already exists for this email. Sign in instead, or reset your password.' },
  PRO404: { status: 404, messageKey: 'error.profileNotFound', message: 'The profile was not found.' },
  PRO410: { status: 400, messageKey: 'error.invalidAge', message: 'You are not old enough to have an account.' },
  PRO411: { status: 400, messageKey: 'error.missingBirthDate', message: 'Enter your birth date.' },
  PRO412: { status: 409, messageKey: 'error.profileUpdateFailed', message: 'Your profile could not be updated. Please try again.' },
  PRO418: { status: 409, messageKey: 'error.membershipFailed', message: 'Your Cairn Club membership could not be set up. Please try again.' },
  PRO415: {
    status: 409,
    messageKey: 'error.passwordChangeFailed',
    message: 'Your password could not be changed: it was changed meanwhile. Sign in again with the new one.',
  },
  AUT404: { status: 403, messageKey: 'error.cannotAuthorize', message: 'This account cannot sign in here.' },
  API409: { status: 409, messageKey: 'error.conflict', message: 'The request conflicts with the current state.' },
  AUT440: { status: 404, messageKey: 'error.listUnknown', message: 'This list was not found.' },
  PLP400: { status: 404, messageKey: 'error.productNotFound', message: 'The product was not found.' },
  STR404: { status: 404, messageKey: 'error.storeNotFound', message: 'The store was not found.' },
  STR400: {
    status: 400,
    messageKey: 'error.deviceCodeInvalid',
    message: 'This device code is not valid or has expired. Ask your store manager for a new one.',
  },
  STR403: {
    status: 403,
    messageKey: 'error.deviceNotRegistered',
    message: 'This device is not registered to this store. Ask your store manager to register it.',
  },
  PRC400: { status: 409, messageKey: 'error.invalidPrice', message: 'This item has no valid price to adjust.' },
  PRC403: { status: 403, messageKey: 'error.adjustmentTooLarge', message: 'This price adjustment is more than an associate may give. Ask your store manager.' },
  INV701: { status: 404, messageKey: 'error.noInventory', message: 'No inventory is available for this product.' },
  INV409: {
    status: 409,
    messageKey: 'error.reserveOnly',
    message: 'This item is reserved online and bought in store: choose a store to reserve it.',
  },
  BSK404: { status: 404, messageKey: 'error.cartNotFound', message: 'The cart was not found.' },
  AUT498: { status: 403, messageKey: 'error.invalidCustomer', message: 'This cart belongs to another session.' },
  INV700: { status: 409, messageKey: 'error.outOfStock', message: 'This item is out of stock.' },
  INV408: { status: 409, messageKey: 'error.maxQuantity', message: 'You have added the most of this item that can be bought.' },
  INV702: { status: 409, messageKey: 'error.noPrice', message: 'This item has no price and cannot be bought now.' },
  INV406: { status: 409, messageKey: 'error.notOnSaleYet', message: 'This item is not on sale yet.' },
  INV407: { status: 401, messageKey: 'error.presaleSignIn', message: 'Sign in to pre-order this item.' },
  PRM130: { status: 404, messageKey: 'error.couponInvalid', message: 'This code is not valid.' },
  PRM160: { status: 400, messageKey: 'error.couponInvalid', message: 'This code is not valid.' },
  PRM135: { status: 409, messageKey: 'error.couponNotYet', message: 'This code cannot be used yet.' },
  PRM140: { status: 409, messageKey: 'error.couponLimit', message: 'This code has been used as many times as it can be.' },
  PRM155: { status: 410, messageKey: 'error.couponExpired', message: 'This code has expired.' },
  PRM175: { status: 409, messageKey: 'error.couponNotApplied', message: 'This code is saved on your cart but does not apply to what is in it yet.' },
  PRM416: { status: 409, messageKey: 'error.couponApplied', message: 'This code is already applied.' },
  ORD404: { status: 404, messageKey: 'error.itemNotAvailable', message: 'This item is not available.' },
  INV405: { status: 409, messageKey: 'error.notMovedToCart', message: 'This item could not be moved to cart.' },
  GFC400: { status: 400, messageKey: 'error.giftCardMissing', message: 'Enter the gift card number and PIN.' },
  GFC700: { status: 400, messageKey: 'error.giftCardInvalid', message: 'This is not a gift card number.' },
  // An unknown number and a wrong PIN answer alike (GFC760 is no longer given): the answer is no oracle over numbers.
  GFC800: { status: 400, messageKey: 'error.giftCardNotValid', message: 'The gift card number or PIN is not valid.' },
  GFC760: { status: 400, messageKey: 'error.giftCardPin', message: 'The PIN does not match this gift card.' },
  GFC812: { status: 410, messageKey: 'error.giftCardExpired', message: 'This gift card has expired.' },
  GFC725: { status: 403, messageKey: 'error.giftCardNotAllowed', message: 'This gift card cannot be used.' },
  GFC740: { status: 409, messageKey: 'error.giftCardEmpty', message: 'This gift card has no balance left.' },
  GFC755: { status: 409, messageKey: 'error.giftCardApplied', message: 'This gift card is already applied.' },
  GFC410: { status: 409, messageKey: 'error.giftCardLimit', message: 'No more gift cards can be used on this order.' },
  GFC429: { status: 429, messageKey: 'error.giftCardLocked', message: 'Too many wrong PINs for this gift card. Try it again in 15 minutes.' },
  GFS800: { status: 503, messageKey: 'error.giftCardService', message: 'The gift card could not be sent right now. Please try again later.' },
  GFC799: { status: 503, messageKey: 'error.giftCardBalance', message: 'The gift card balance cannot be checked right now. Please try again later.' },
  PYT404: { status: 404, messageKey: 'error.instrumentNotFound', message: 'This payment is not on the cart.' },
  PYT405: { status: 409, messageKey: 'error.addressNotFound', message: 'Express checkout needs a default delivery address on your account.' },
  PYT406: {
    status: 409,
    messageKey: 'error.addressUndeliverable',
    message: 'Your default delivery address cannot receive this order. Choose another address.',
  },
  REW401: { status: 401, messageKey: 'error.rewardSignIn', message: 'Sign in to use your loyalty rewards.' },
  REW130: { status: 403, messageKey: 'error.rewardNotMember', message: 'Loyalty rewards are for members.' },
  REW135: { status: 403, messageKey: 'error.rewardUnconfirmed', message: 'Confirm your loyalty membership to use your points.' },
  REW140: { status: 409, messageKey: 'error.rewardPoints', message: 'You do not have enough points for this reward.' },
  CCA400: { status: 409, messageKey: 'error.addressExists', message: 'This address is already in your address book.' },
  CCA401: { status: 404, messageKey: 'error.addressUnknown', message: 'This address is not in your address book.' },
  PRO414: { status: 409, messageKey: 'error.billingAddressDelete', message: 'This billing address could not be deleted: it was already removed.' },
  REW404: { status: 404, messageKey: 'error.rewardUnknown', message: 'This reward code or reward card is not on your account.' },
  REW410: { status: 410, messageKey: 'error.rewardExpired', message: 'This reward has expired.' },
  SHP404: { status: 409, messageKey: 'error.shippingUnavailable', message: 'This delivery method is not available for this cart.' },
  SHP500: { status: 400, messageKey: 'error.poBox', message: 'We cannot deliver to a PO box. Please enter a street address.' },
  SHP410: { status: 400, messageKey: 'error.phoneRequired', message: 'A phone number is needed for delivery.' },
  CHK380: { status: 400, messageKey: 'error.addressCountry', message: 'We do not deliver to this country from this site.' },
  CHK320: { status: 400, messageKey: 'error.addressInvalid', message: 'This address is not valid.' },
  BIL400: { status: 400, messageKey: 'error.billingMissing', message: 'The billing address is missing.' },
  BILL410: { status: 400, messageKey: 'error.billingPhone', message: 'The billing phone number is missing.' },
  ORD516: { status: 409, messageKey: 'error.pickupUnavailable', message: 'This item cannot be picked up at this store.' },
  ORD517: { status: 409, messageKey: 'error.reservedForPickup', message: 'This item is reserved at a store and cannot be delivered.' },
  ORD518: {
    status: 409,
    messageKey: 'error.pickupStockShort',
    message: 'This store has too few of this item for pickup and cannot have it sent there. Choose another store or home delivery.',
  },
  PRM150: { status: 409, messageKey: 'error.couponRedeemed', message: 'You have already used this code.' },
  GFO404: { status: 409, messageKey: 'error.giftUnavailable', message: 'The free gift of this offer has run out.' },
  GFO405: { status: 400, messageKey: 'error.giftOption', message: 'Only a digital gift card can be sent as a gift.' },
  GWP403: { status: 403, messageKey: 'error.giftLine', message: 'A free gift cannot be changed or removed; it comes and goes with its offer.' },
  ORD415: { status: 500, messageKey: 'error.totalsFailed', message: 'The total of your order could not be calculated. Please try again later or contact us.' },
  ORD430: { status: 409, messageKey: 'error.itemNoLongerAvailable', message: 'An item in your cart is no longer available.' },
  ORD400: { status: 400, messageKey: 'error.orderEmail', message: 'Enter a valid email address for your order confirmation.' },
  ORD409: { status: 404, messageKey: 'error.orderNotFound', message: 'The order was not found.' },
  OHS4090: {
    status: 409,
    messageKey: 'error.orderNotCancellable',
    message: 'This order has left the warehouse and can no longer be cancelled: return it once it arrives.',
  },
  CCN404: { status: 404, messageKey: 'error.customerNotFound', message: 'No customer matches these details.' },
  OHS4004: { status: 404, messageKey: 'error.orderNotFound', message: 'The order was not found.' },
  OHS4030: {
    status: 403,
    messageKey: 'error.orderNeedsSignIn',
    message: 'This order belongs to a Cairn account. Sign in to that account to return items or download the invoice.',
  },
  RTN500: { status: 500, messageKey: 'error.returnFailed', message: 'Your return could not be created. Please try again in a moment.' },
  '4044': { status: 404, messageKey: 'error.loyaltyMemberNotFound', message: 'No Cairn Club membership was found for this account.' },
  PYT400: { status: 400, messageKey: 'error.paymentNotEnough', message: 'The payment does not cover the order total. Choose how to pay the rest.' },
  PYT402: { status: 402, messageKey: 'error.paymentFraud', message: 'We could not verify this payment. Please use another payment method or contact us.' },
  PYT300: { status: 409, messageKey: 'error.cardExists', message: 'This card is already saved on your account.' },
  GFC300: { status: 409, messageKey: 'error.giftCardExists', message: 'This gift card is already saved on your account.' },
  PAY400: { status: 402, messageKey: 'error.payment', message: 'Your payment could not be processed. Please try again or use another payment method.' },
  PAY403: {
    status: 403,
    messageKey: 'error.paymentSessionForeign',
    message: 'This payment approval is not for this order. Please choose how to pay again.',
  },
  PAY409: {
    status: 409,
    messageKey: 'error.paymentAmountChanged',
    message: 'The amount to pay changed after you approved the payment. Please approve the new amount.',
  },
  CHK409: {
    status: 409,
    messageKey: 'error.orderChanged',
    message: 'Your order changed since you reviewed it. Please check the new total and place your order again.',
  },
  IDEM409: {
    status: 409,
    messageKey: 'error.idempotencyKeyInUse',
    message: 'This Idempotency-Key was used by another session. Use a new key for a new order.',
  },
  PAY401: { status: 400, messageKey: 'error.cantShipThere', message: 'This payment method cannot be used with this delivery address.' },
  FE309: { status: 402, messageKey: 'error.cardExpiry', message: "Your card's expiry date is not valid." },
  TAX310: { status: 409, messageKey: 'error.taxUpdated', message: 'The tax was updated for your delivery address.' },
  TAX309: { status: 503, messageKey: 'error.taxUnavailable', message: 'The tax on your order cannot be calculated right now. Please try again in a moment.' },
  REV410: { status: 400, messageKey: 'error.reviewTooLong', message: 'Your review is too long.' },
  REV409: { status: 409, messageKey: 'error.reviewExists', message: 'You have already reviewed this product.' },
  REV503: { status: 503, messageKey: 'error.translationUnavailable', message: 'Translation is not available right now.' },
  ATTR100: { status: 400, messageKey: 'error.badRequest', message: 'Every event needs its request type (eventType).' },
  ATTR200: { status: 404, messageKey: 'error.notFound', message: 'This organisation is not known here.' },
  ATTR300: { status: 400, messageKey: 'error.badRequest', message: 'The request has no payload.' },
  GEN500: { status: 500, messageKey: 'error.general', message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The JSON envelope of every API error (ARCHITECTURE.md, Validation and errors). */
export interface ErrorEnvelope {
  errorId: ErrorCode;
  message: string;
  appId: string;
  correlationId: string;
  details?: ErrorDetail[];
}

/** A refusal's word on one field; a suggestion is the value the rules would accept instead (CHK320). */
export interface ErrorDetail {
  field?: string;
  message: string;
  suggestion?: string;
}
