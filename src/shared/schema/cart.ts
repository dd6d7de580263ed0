// The cart calls' bodies (commerce-core §7, Cart): ids as the store makes them, quantities as whole
// numbers within the spec's default maximum.

import * as v from 'valibot';
import { GIFT_MESSAGE_MAX, GIFT_TO_MAX } from '../commerce/commerce-config.ts';
import { PRECREATED_CODE, RECIPE_ID } from '../commerce/customs.ts';
import { SignInEmail } from './identity.ts';
import { messages } from './messages.ts';

const BASKET_ID = v.pipe(v.string(), v.regex(/^[a-f0-9]{32}$/, 'A basket id is the one the cart call answered.'));
const ITEM_ID = v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/, 'An item id is the one the cart answered.'));
const QTY = v.pipe(
  v.number('qty is a whole number.'),
  v.integer('qty is a whole number.'),
  v.minValue(1, 'Value must not be less than 1'),
  v.maxValue(999999, 'Value must not be greater than 999999'),
);

export const BasketParams = v.object({ basketId: BASKET_ID });

/** A digital gift card sent to someone (commerce-core §3, giftOption): their name, email and a message, all three. */
export const GiftOptionSchema = v.object({
  to: v.pipe(v.string(messages.required), v.trim(), v.nonEmpty(messages.required), v.maxLength(GIFT_TO_MAX, messages.maxLength(GIFT_TO_MAX))),
  email: SignInEmail,
  message: v.pipe(v.string(messages.required), v.trim(), v.nonEmpty(messages.required), v.maxLength(GIFT_MESSAGE_MAX, messages.maxLength(GIFT_MESSAGE_MAX))),
});

const STORE_ID = v.pipe(v.string(), v.regex(/^[A-Z]{2}-\d{4}$/, 'storeId is a store id such as US-0001.'));
const UPC = v.pipe(v.string(), v.regex(/^\d{12}$/, 'upc is 12 digits.'));
const RECIPE = v.pipe(v.string(), v.regex(RECIPE_ID, 'recipeId is the id the design studio answered.'));

export const AddItemBody = v.object({
  cartId: BASKET_ID,
  /** The variant's id (or its UPC). */
  productId: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9]{9,11}$/, 'productId is a variant id.'))),
  upc: v.optional(UPC),
  qty: v.optional(QTY, 1),
  maxQty: v.optional(QTY),
  /** Collected at this store (pickup, or ship to store) rather than delivered home. */
  storeId: v.optional(STORE_ID),
  giftOption: v.optional(GiftOptionSchema),
  /** A pair made to order: its design, by id or by a curated design's code (customs). */
  recipeId: v.optional(RECIPE),
  precreatedCustomsCode: v.optional(
    v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(PRECREATED_CODE, 'precreatedCustomsCode is a design code such as TRAIL-ICON.')),
  ),
  /** The price the shopper was shown for the item, in minor units: checked against the store's, never charged as it is. */
  customAmount: v.optional(v.pipe(v.number('customAmount is a number of minor units.'), v.integer('customAmount is a number of minor units.'), v.minValue(0))),
  /** Where the shopper saw the item and its picture: checked against the store's own, which the cart shows. */
  productImageURL: v.optional(v.pipe(v.string(), v.maxLength(500))),
  pdpUrl: v.optional(v.pipe(v.string(), v.maxLength(500))),
});

/** ?action=pickup adds the item for collection at the shopper's favourite store (favStoreId) when no storeId is given. */
export const AddItemQuery = v.object({
  action: v.optional(v.picklist(['pickup'], 'action is pickup or absent.')),
  favStoreId: v.optional(STORE_ID),
});

const FLAG = v.optional(
  v.pipe(
    v.picklist(['true', 'false'], 'Use true or false.'),
    v.transform((value) => value === 'true'),
  ),
  'false',
);

/**
 * A cart read's options: the favourite store each line's pickup is offered at, a fresh stock and price
 * check (otherwise a read may use what was read a few seconds ago), and a repair of what can no longer be
 * bought before checkout.
 */
export const CartReadQuery = v.object({
  favStoreId: v.optional(STORE_ID),
  inventorySupplyCheck: FLAG,
  isPatchRequired: FLAG,
});

/** A quantity, where the line is collected (a store for pickup or ship to store, null for home delivery), and its variant. */
export const UpdateItemBody = v.object({
  cartId: v.optional(BASKET_ID),
  itemId: ITEM_ID,
  qty: QTY,
  storeId: v.optional(v.nullable(STORE_ID)),
  /** Another size or amount of the line's product (the quick-shop dialog's update-in-cart). */
  productId: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9]{9,11}$/, 'productId is a variant id.'))),
  /** A gift card line's recipient (the add gift option dialog), or null for none. */
  giftOption: v.optional(v.nullable(GiftOptionSchema)),
  /** The UPC of the variant the line is, or becomes with productId: checked, never used to find another. */
  upc: v.optional(UPC),
  /** The most the client believes the line may hold: it may lower the store's limit, never raise it. */
  maxQty: v.optional(QTY),
  /** A pair made to order names its design: the line's own, checked. */
  recipeId: v.optional(RECIPE),
});

/** The line by its id; its variant's UPC, when given, must be the line's. */
export const RemoveItemBody = v.object({ cartId: BASKET_ID, itemId: ITEM_ID, upc: v.optional(UPC) });

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

const REWARD_TEXT = (what: string) => v.pipe(v.string(what), v.trim(), v.maxLength(40, 'Value must not be longer than 40 characters'));
const REWARD_ID = v.pipe(v.string('rewardId is one the cart listed.'), v.regex(/^[\w-]{1,64}$/, 'rewardId is one the cart listed.'));

const PROVIDER_TOKEN = v.pipe(v.string('token is what the card fields answered.'), v.regex(/^[\w-]{4,128}$/, 'token is what the card fields answered.'));

/**
 * A payment onto the basket (commerce-core §7, paymentInstruments): a gift card by number and PIN; a card
 * by the processor's token (new) or by a saved card's id, with the security code asked again as a token;
 * or a wallet, approved later through its payment session.
 */
export const PaymentInstrumentBody = v.variant(
  'payment_method_id',
  [
    // GIFT_CARD is the id the payment methods list gives it; GIFT_CERTIFICATE the one the cart keeps.
    v.object({ payment_method_id: v.picklist(['GIFT_CERTIFICATE', 'GIFT_CARD']), ...giftCardFields }),
    v.object({
      payment_method_id: v.literal('CREDIT_CARD'),
      additionalDetails: v.union(
        [
          v.object({ token: PROVIDER_TOKEN, save: v.optional(v.boolean(), false) }),
          v.object({ paymentInstrumentId: v.pipe(v.string(), v.uuid('paymentInstrumentId is a saved card of yours.')), cvcToken: v.optional(PROVIDER_TOKEN) }),
        ],
        'additionalDetails holds the token of the card fields, or a saved card id.',
      ),
    }),
    v.object({ payment_method_id: v.picklist(['PAYPAL', 'KLARNA', 'DW_APPLE_PAY']) }),
    v.object({ payment_method_id: v.literal('ATHLETES_PAYMENT') }),
    // A member's reward by its code or card number, or by the id the cart listed it with.
    v.object({ payment_method_id: v.literal('REWARD_CODE'), code: v.optional(REWARD_TEXT('code is the reward code.')), rewardId: v.optional(REWARD_ID) }),
    v.object({
      payment_method_id: v.literal('REWARD_CARD'),
      cardNumber: v.optional(REWARD_TEXT('cardNumber is the reward card number.')),
      rewardId: v.optional(REWARD_ID),
    }),
  ],
  'payment_method_id is GIFT_CERTIFICATE, CREDIT_CARD, PAYPAL, KLARNA, DW_APPLE_PAY, ATHLETES_PAYMENT, REWARD_CODE or REWARD_CARD.',
);

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

/** A shipment of the cart by its id ('me' is home delivery, 'customs' the workshop's), as the cart answered it. */
const SHIPPING_ID = v.pipe(v.string('shippingId names a shipment of the cart.'), v.regex(/^[\w-]{1,32}$/, 'shippingId names a shipment of the cart.'));

/**
 * A shipment's method (home delivery's by default); a pickup point is named by its id. shopperAppliedSM says the
 * shopper chose it themselves (kept when the cart changes) rather than a client on their behalf (false: the store
 * picks again once the cart changes); a call that does not say is taken as the shopper's, as before the flag.
 */
export const ShippingMethodBody = v.object({
  cartId: BASKET_ID,
  code: v.picklist(['standard', 'express', 'pudo', 'customs'], 'code is standard, express, pudo or customs.'),
  shippingId: v.optional(SHIPPING_ID, 'me'),
  pointId: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}-\d{4}-[LS]\d$/, 'pointId is a pickup point id.'))),
  shopperAppliedSM: v.optional(v.boolean('shopperAppliedSM is true or false.'), true),
});

export const ShippingParams = v.object({
  basketId: BASKET_ID,
  shippingId: v.picklist(['me', 'customs'], 'shippingId is "me", the home delivery shipment, or "customs", the workshop\'s.'),
});

/**
 * Where a delivery address comes from (context: the checkout's form, the cart page's estimate, or an express
 * wallet's sheet) and the basket it is for (bid: the path's own, as a wallet on a product page names its basket).
 */
export const ShippingAddressQuery = v.object({
  context: v.optional(v.picklist(['checkout', 'cart', 'wallet'], 'context is checkout, cart or wallet.'), 'checkout'),
  bid: v.optional(BASKET_ID),
});

/** A JSON object whose fields a schema of the service checks (an address, read at its fields there). */
export const AnyObject = v.looseObject({});

/** The delivery address, as a list of one (the spec's payload). */
export const AddressListBody = v.pipe(
  v.array(v.looseObject({}), 'The body is a list holding the delivery address.'),
  v.minLength(1, 'Give the delivery address.'),
  v.maxLength(1, 'Give one delivery address.'),
);

/** A store associate's price adjustment on a line: an amount in minor units, or a percent, and the reason. */
const adjustmentFields = {
  kind: v.picklist(['amount', 'percent'], 'kind is amount or percent.'),
  value: v.pipe(v.number('value is a whole number.'), v.integer('value is a whole number.'), v.minValue(1, 'Value must not be less than 1')),
  reason: v.pipe(
    v.string('reason says why.'),
    v.trim(),
    v.nonEmpty('This field is required'),
    v.maxLength(200, 'Value must not be longer than 200 characters'),
  ),
};

export const PriceAdjustmentBody = v.pipe(
  v.object({ itemId: ITEM_ID, ...adjustmentFields }),
  v.forward(
    v.check((body) => body.kind !== 'percent' || body.value <= 100, 'Value must not be greater than 100'),
    ['value'],
  ),
);

export const PriceAdjustmentPatch = v.pipe(
  v.object(adjustmentFields),
  v.forward(
    v.check((body) => body.kind !== 'percent' || body.value <= 100, 'Value must not be greater than 100'),
    ['value'],
  ),
);

export const AdjustmentParams = v.object({ basketId: BASKET_ID, adjustmentId: v.pipe(v.string(), v.uuid('adjustmentId is the one the cart answered.')) });

/** cartWithItem: the item, without a cart id (the call makes the basket); `bid` in the query reuses a wallet basket. */
export const CartWithItemBody = v.object({
  productId: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9]{9,11}$/, 'productId is a variant id.'))),
  upc: v.optional(UPC),
  qty: v.optional(QTY, 1),
  maxQty: v.optional(QTY),
});

export const CartWithItemQuery = v.object({ bid: v.optional(BASKET_ID) });

export const ReserveWithItemBody = v.object({
  productId: v.pipe(v.string('productId is a variant id.'), v.regex(/^[A-Z0-9]{9,11}$/, 'productId is a variant id.')),
  storeId: v.pipe(v.string('storeId is a store id such as US-0001.'), v.regex(/^[A-Z]{2}-\d{4}$/, 'storeId is a store id such as US-0001.')),
});
