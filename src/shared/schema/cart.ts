// The cart calls' bodies (commerce-core §7, Cart): ids as the store makes them, quantities as whole
// numbers within the spec's default maximum.

import * as v from 'valibot';

const BASKET_ID = v.pipe(v.string(), v.regex(/^[a-f0-9]{32}$/, 'A basket id is the one the cart call answered.'));
const ITEM_ID = v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/, 'An item id is the one the cart answered.'));
const QTY = v.pipe(
  v.number('qty is a whole number.'),
  v.integer('qty is a whole number.'),
  v.minValue(1, 'Value must not be less than 1'),
  v.maxValue(999999, 'Value must not be greater than 999999'),
);

export const BasketParams = v.object({ basketId: BASKET_ID });

export const AddItemBody = v.object({
  cartId: BASKET_ID,
  /** The variant's id (or its UPC). */
  productId: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9]{9,11}$/, 'productId is a variant id.'))),
  upc: v.optional(v.pipe(v.string(), v.regex(/^\d{12}$/, 'upc is 12 digits.'))),
  qty: v.optional(QTY, 1),
  maxQty: v.optional(QTY),
});

export const UpdateItemBody = v.object({ cartId: v.optional(BASKET_ID), itemId: ITEM_ID, qty: QTY });

export const RemoveItemBody = v.object({ cartId: BASKET_ID, itemId: ITEM_ID });

export const CouponBody = v.object({
  cartId: BASKET_ID,
  code: v.pipe(
    v.string('code is the coupon code.'),
    v.trim(),
    v.nonEmpty('This field is required'),
    v.maxLength(32, 'Value must not be longer than 32 characters'),
  ),
});

/** A gift card as typed: missing or malformed numbers are the service's to refuse, with their GFC codes. */
const giftCardFields = {
  cardNumber: v.optional(v.pipe(v.string('cardNumber is the gift card number.'), v.trim(), v.maxLength(40, 'Value must not be longer than 40 characters')), ''),
  pin: v.optional(v.pipe(v.string('pin is the gift card PIN.'), v.trim(), v.maxLength(12, 'Value must not be longer than 12 characters')), ''),
};

export const GiftCardBalanceBody = v.object(giftCardFields);

export const PaymentInstrumentBody = v.object({
  payment_method_id: v.picklist(['GIFT_CERTIFICATE'], 'payment_method_id is GIFT_CERTIFICATE here; cards and wallets are added at checkout.'),
  ...giftCardFields,
});

export const RemoveInstrumentBody = v.object({
  payment_instrument_id: v.pipe(
    v.string('payment_instrument_id names the payment.'),
    v.regex(/^[\w-]{1,64}$/, 'payment_instrument_id is the one the cart answered.'),
  ),
});

/** The loyalty voucher to apply (by its points), or null to take it off. */
export const RewardBody = v.object({
  appliedLoyaltyVoucher: v.nullable(
    v.object({
      points: v.pipe(v.number('points is a whole number.'), v.integer('points is a whole number.'), v.minValue(1, 'Value must not be less than 1')),
    }),
  ),
});
