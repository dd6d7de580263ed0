// The cart's plumbing and its answer's shape: the basket's Durable Object stub, its refusals as catalogue
// codes, the Cart entity of commerce-core §3 (built by cart-entity.ts), and the consumer's basket across
// devices and at sign-in. A basket belongs to the session that made it: anyone else gets AUT498, never the cart.

import { GIFT_CARD_MAX_PER_CART } from '../../../shared/commerce/commerce-config.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { paths } from '../../../shared/routes.ts';
import { assets } from '../../assets.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type AttributeView, attributeOptions } from '../catalog/attribute-options.ts';
import { productImageUrl } from '../catalog/images.ts';
import type { ProductDetail } from '../catalog/product.ts';
import type { FlashStock } from '../flash/flash-stock-object.ts';
import { moveBasketUnits } from '../flash/order-holds.ts';
import type { BillingAnswer } from './billing.ts';
import type { Cart } from './cart-object.ts';
import type { CartAnswer, CartCaller, CartState, PickupContacts } from './cart-state.ts';
import type { HomeMethodOption, LineDelivery } from './delivery.ts';
import type { DisplayItem } from './display-items.ts';
import type { PricedCart } from './pricing/engine.ts';
import { type VariantFacts, variantFacts } from './variant-facts.ts';

/** Basket ids already hashed to their object's id in this isolate (idFromName digests the name each time). */
const objectIds = new Map<string, DurableObjectId>();
const OBJECT_IDS_MAX = 1000;

export function cartStub(env: { CART: DurableObjectNamespace<Cart> }, basketId: string): DurableObjectStub<Cart> {
  let id = objectIds.get(basketId);
  if (!id) {
    id = env.CART.idFromName(basketId);
    if (objectIds.size >= OBJECT_IDS_MAX) objectIds.delete(objectIds.keys().next().value as string);
    objectIds.set(basketId, id);
  }
  return env.CART.get(id);
}

/** A refusal from the basket as its catalogue code. */
export function throwRefusal(answer: Exclude<CartAnswer, { ok: true }>): never {
  switch (answer.refusal) {
    case 'missing':
      throw new HttpError('BSK404');
    case 'foreign':
      throw new HttpError('AUT498');
    case 'out-of-stock':
      throw new HttpError('INV700');
    case 'max-quantity':
      throw new HttpError('INV408');
    case 'no-line':
      throw new HttpError('ORD404', 'This item is not in the cart.');
    case 'instrument-applied':
      throw new HttpError('GFC755', undefined, [{ field: 'cardNumber', message: 'This gift card is already applied.' }]);
    case 'instrument-limit':
      throw new HttpError('GFC410', `At most ${GIFT_CARD_MAX_PER_CART} gift cards can be used on one order.`, [
        { field: 'cardNumber', message: `At most ${GIFT_CARD_MAX_PER_CART} gift cards can be used on one order.` },
      ]);
    case 'reward-limit':
      throw new HttpError('API409', 'One reward code or reward card can pay an order: remove the one applied first.', [
        { field: 'code', message: 'One reward code or reward card per order.' },
      ]);
    case 'no-instrument':
      throw new HttpError('PYT404');
    case 'no-adjustment':
      throw new HttpError('API404', 'This price adjustment is not on the cart.');
    case 'no-coupon':
      throw new HttpError('PRM130', 'This code is not applied to the cart.', [{ field: 'code', message: 'This code is not applied to the cart.' }]);
  }
}

export interface AppliedReward {
  type: 'LOYALTY_VOUCHER';
  points: number;
  amount: number;
}

export interface CartEntity {
  basketId: string;
  currency: string;
  totalItems: number;
  totals: PricedCart['totals'] & {
    appliedRewards: AppliedReward[];
    /** The figures a delivery address moves, as the shopper reads them in the cart's locale: no client needs money code. */
    display: { tax: string; total: string; remainingToPay: string };
  };
  items: (CartItem & {
    shippingOptions: LineDelivery | null;
    cost: number;
    shippingPromotions: CartEntity['shippingPromotions'];
    bonus: boolean;
  })[];
  couponItems: { code: string; applied: boolean }[];
  orderPromotions: (PricedCart['appliedPromotions'][number] & { promotionName: string })[];
  shippingPromotions: (PricedCart['appliedPromotions'][number] & { promotionName: string })[];
  promoSummary: PricedCart['promoSummary'];
  approachingPromotions: PricedCart['approaching'];
  /** What to tell the shopper of the promotions, and where (display-items.ts). */
  displayItems: DisplayItem[];
  shippingMethods: {
    shippingId: string;
    code: string;
    /** Whether the shopper chose this method (kept through changes of the cart) or the store did (picked again). */
    shopperAppliedSM: boolean;
    pointId?: string;
    /** The pickup point the home shipment goes to (code pudo), as the shopper recognises it. */
    point?: PickupPoint;
    /** The home shipment's methods; the made-to-order shipment's one, 'customs'. */
    applicableShippingMethods: (HomeMethodOption | (Omit<HomeMethodOption, 'code'> & { code: 'customs' }))[];
    address: CartState['shippingAddress'];
    lines: number;
  }[];
  payment_instruments: { payment_instrument_id: string; payment_method_id: string; maskedGiftCertificateCode: string; amount: number; balance: number }[];
  flash: { type: string; message: string; itemId?: string }[];
  customerNotifications: unknown[];
  rewards: AppliedReward[];
  priceAdjustments: {
    adjustmentId: string;
    itemId: string;
    kind: 'amount' | 'percent';
    value: number;
    amount: number;
    reason: string;
    storeId: string;
    storeEmployeeId: string;
  }[];
  shippingAddress: CartState['shippingAddress'];
  /** Where the cart estimates delivery and tax before there is a delivery address (the cart page's context). */
  deliveryEstimate: CartState['deliveryEstimate'];
  /** The billing address with its country's name in the call's language and its newsletter wish nested (billing.ts). */
  billingAddress: BillingAnswer | null;
  /** How the rest is paid, as the shopper recognises it: never the processor's token. */
  payment: { method: string; card?: { brand: string; last4: string; expMonth: number; expYear: number }; savedCardId?: string; cvcGiven?: boolean } | null;
  email: string | null;
  /** Who collects what is picked up, where the locale asks it (PICKUP_CONTACT_LOCALES); what is asked now. */
  pickupContacts: PickupContacts | null;
  /**
   * An athlete's allowance (commerce-core §3 ATHLETES_PAYMENT): what it pays on this cart, what is left of it
   * this year, and what it could pay here. Null for everyone else.
   */
  athletePayment: { applied: number; remainingAmount: number; payableAmount: number } | null;
  pickupContactsRequired: { collectionPoint: boolean; storePickup: boolean };
}

/**
 * A line's attributes (commerce-core §3 item attributes): its colour, size and the rest, each with the options the
 * product offers from the line's own choice (as its quick-shop does). Without the product (a free gift, which
 * cannot be changed), its own values and nothing to choose.
 */
function lineAttributes(fact: VariantFacts, product: ProductDetail | undefined): AttributeView[] {
  const selection = { color: fact.productId, size: fact.size, ...(fact.width ? { width: fact.width } : {}), ...(fact.length ? { length: fact.length } : {}) };
  if (product) return attributeOptions(product, selection);
  return Object.entries(selection).map(([type, value]) => ({
    type: type as AttributeView['type'],
    value,
    label: type === 'color' ? fact.colour : value,
    options: [],
  }));
}

/** One line of the Cart entity (commerce-core §3, item): the variant as D1 has it now, priced by the engine. */
export function cartItem(
  locale: Locale,
  line: CartState['lines'][number],
  fact: VariantFacts,
  pricedLine: PricedCart['lines'][number],
  product?: ProductDetail,
) {
  return {
    id: line.id,
    productId: fact.variantId,
    masterId: fact.masterId,
    qty: line.qty,
    maxQty: Math.min(fact.maxQty, fact.stock),
    upc: fact.upc,
    name: fact.name,
    price: {
      ...pricedLine.price,
      amount: pricedLine.price.priceAfterOrderDiscount,
      highCurrent: pricedLine.price.current,
      highOriginal: fact.listAmount,
    },
    taxTotal: pricedLine.taxTotal,
    productPromotions: pricedLine.productPromotions,
    variants: { color: fact.colour, size: fact.size, ...(fact.width ? { width: fact.width } : {}), ...(fact.length ? { length: fact.length } : {}) },
    attributes: lineAttributes(fact, product),
    isDigitalProduct: fact.isDigital,
    giftOption: line.gift,
    badge: fact.badge,
    eyebrow: fact.eyebrow,
    rating: { score: fact.rating, reviewsCount: fact.reviewCount },
    // A pair made to order has these from its design (customs/cart-customs.ts); anything else has none.
    recipeId: null as string | null,
    precreatedCustomsCode: null as string | null,
    isCustoms: false as boolean,
    /** The design as the shopper chose it: laces (their name in the cart's language) and initials. */
    design: null as { laces: string; monogram: string } | null,
    pdpUrl: paths.product(locale.code, fact.slug, fact.productId),
    productImageURL: productImageUrl(assets.imageBase, fact.productType, fact.swatchHex, 'side'),
    slug: fact.slug,
    customerNotifications: [] as { type: string; message: string }[],
  };
}

export type CartItem = ReturnType<typeof cartItem>;

export interface PickupPoint {
  id: string;
  kind: 'locker' | 'shop';
  name: string;
  addressLine1: string;
  city: string;
  postalCode: string;
}

export async function consumerBasket(db: D1Database, consumerNo: string): Promise<string | undefined> {
  const row = await db.prepare('SELECT basket_id FROM consumers WHERE consumer_no = ?1').bind(consumerNo).first<{ basket_id: string | null }>();
  return row?.basket_id ?? undefined;
}

export async function setConsumerBasket(db: D1Database, consumerNo: string, basketId: string): Promise<void> {
  await db.prepare('UPDATE consumers SET basket_id = ?2 WHERE consumer_no = ?1').bind(consumerNo, basketId).run();
}

/** Units in a basket: what the header counts. */
export const unitsIn = (state: CartState) => state.lines.reduce((sum, line) => sum + line.qty, 0);

/**
 * Sign-in's basket (the seam the identity issue left): a guest basket of this session's becomes the
 * consumer's when they have none, or merges into theirs (the same variant adding up within its stock) and
 * goes. Answers the consumer's basket id and its units, or none when there is no basket on either side.
 */
export async function basketAtSignIn(
  env: { DB: D1Database; CART: DurableObjectNamespace<Cart>; FLASH_STOCK: DurableObjectNamespace<FlashStock> },
  locale: Locale,
  guest: CartCaller,
  guestBasketId: string | undefined,
  consumerNo: string,
): Promise<{ basketId: string; units: number } | undefined> {
  const own = await consumerBasket(env.DB, consumerNo);
  const ownCart = own ? await cartStub(env, own).read({ usid: guest.usid, consumerNo }) : undefined;
  const ownAnswer = own && ownCart?.ok ? { basketId: own, units: unitsIn(ownCart.state) } : undefined;
  if (!guestBasketId || guestBasketId === own) return ownAnswer;
  if (!ownAnswer) {
    const claimed = await cartStub(env, guestBasketId).claim(guest, consumerNo);
    if (!claimed.ok) return undefined;
    await setConsumerBasket(env.DB, consumerNo, guestBasketId);
    return { basketId: guestBasketId, units: unitsIn(claimed.state) };
  }
  const surrendered = await cartStub(env, guestBasketId).surrender(guest);
  // Not this session's guest basket (or gone): nothing to merge.
  if (!surrendered.ok) return ownAnswer;
  const facts = await variantFacts(
    env.DB,
    locale,
    surrendered.state.lines.map((line) => line.variantId),
  );
  // A guest's item the catalogue no longer has merges as one out of stock: the shopper is told it was left out.
  const lines = surrendered.state.lines.map((line) => {
    const fact = facts.get(line.variantId);
    return {
      variantId: line.variantId,
      productId: line.productId,
      gift: line.gift,
      recipeId: line.recipeId,
      qty: line.qty,
      maxQty: fact?.maxQty ?? line.qty,
      stock: fact?.stock ?? 0,
      storeId: surrendered.state.deliveries[line.id]?.storeId ?? null,
    };
  });
  const merged = await cartStub(env, ownAnswer.basketId).merge({ usid: guest.usid, consumerNo }, lines);
  // A flash sale's units the guest held follow the lines (any the merge could not keep go back at the order).
  if (merged.ok) await moveBasketUnits(env, guestBasketId, ownAnswer.basketId, surrendered.state.lines);
  return merged.ok ? { basketId: ownAnswer.basketId, units: unitsIn(merged.state) } : ownAnswer;
}
