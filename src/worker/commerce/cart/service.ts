// The cart service: the basket's lines from its Durable Object, their prices and stock read fresh from
// D1 on every change and every answer, priced by the engine, answered as the Cart entity of
// commerce-core §3. A basket belongs to the session that made it: anyone else gets AUT498, never the cart.

import { GIFT_CARD_MAX_PER_CART, PICKUP_CONTACT_LOCALES, PRICE_ADJUSTMENT_MAX_PERCENT } from '../../../shared/commerce-config.ts';
import { ERROR_CATALOGUE } from '../../../shared/errors.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { productImageUrl } from '../../../shared/images.ts';
import { formatMoney } from '../../../shared/money.ts';
import { provinceOfPostalCode } from '../../../shared/provinces.ts';
import { paths } from '../../../shared/routes.ts';
import type { Locale } from '../../../shared/sites.ts';
import { assets } from '../../assets.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isolateMap } from '../../lib/isolate-memory.ts';
import { today } from '../catalog/service.ts';
import { giftCardBalances, maskedNumber } from '../gift-cards/cards.ts';
import type { Cart, CartAnswer, CartCaller, CartState, PickupContacts } from './cart-object.ts';
import { deliveriesFor, type HomeMethodOption, type LineDelivery } from './delivery.ts';
import { saleRefusal, UNBUYABLE_FLASH } from './on-sale.ts';
import { isGiftPromotion, type PricedCart, type Promotion, priceCart } from './pricing/engine.ts';
import { tableTaxCalculator } from './pricing/tax.ts';

/** commerce-core §9: an item's default maximum quantity. */
export const DEFAULT_MAX_QTY = 999_999;

export interface VariantFacts {
  variantId: string;
  productId: string;
  masterId: string;
  upc: string;
  size: string;
  width: string | null;
  length: string | null;
  name: string;
  colour: string;
  slug: string;
  productType: string;
  swatchHex: string;
  /** Per unit, in minor units; null when the site has no price for it. */
  listAmount: number | null;
  saleAmount: number | null;
  stock: number;
  isDigital: boolean;
  /** Reserved online and bought in store: a reservation basket, never the main cart. */
  isRobisOnly: boolean;
  badge: string | null;
  eyebrow: string | null;
  rating: number | null;
  reviewCount: number;
  /** The most of it one basket may hold: the style's limit, else DEFAULT_MAX_QTY. */
  maxQty: number;
  /** Sold ahead of its launch, to signed-in shoppers only. */
  presale: boolean;
  /** The day it goes on sale (YYYY-MM-DD), null when it is on sale already. */
  onSaleFrom: string | null;
}

interface VariantRow {
  variant_id: string;
  product_id: string;
  style_id: string;
  upc: string;
  size: string;
  width: string | null;
  length: string | null;
  name: string | null;
  colour_name: string;
  slug: string;
  product_type: string;
  swatch_hex: string;
  list_amount: number | null;
  sale_amount: number | null;
  quantity: number | null;
  is_digital: number;
  is_robis_only: number;
  badge: string | null;
  eyebrow: string | null;
  rating: number | null;
  review_count: number | null;
  max_qty: number | null;
  is_presale: number;
  target_publish_date: string | null;
}

/**
 * How old a variant's price and stock may be for a plain cart read (GET without inventorySupplyCheck):
 * every change, the cart page and a read that asks for the supply check read D1 afresh, and whatever they
 * read is what later plain reads in this isolate reuse. A mini-cart opened just after an add, or many carts
 * holding this week's popular boot, do not each ask D1 again.
 */
export const RECENT_FACTS_MS = 5_000;

const recent = isolateMap<string, { readAt: number; fact: VariantFacts }>();
const RECENT_MAX = 2000;
const recentKey = (locale: Locale, variantId: string) => `${locale.site.id}|${locale.lang}|${variantId}`;

/** The variants' facts this isolate read from D1 within RECENT_FACTS_MS; the rest are for the caller to read. */
export function recentVariantFacts(locale: Locale, variantIds: readonly string[], now = Date.now()): Map<string, VariantFacts> {
  const found = new Map<string, VariantFacts>();
  for (const id of variantIds) {
    const entry = recent.get(recentKey(locale, id));
    if (entry && now - entry.readAt < RECENT_FACTS_MS) found.set(id, entry.fact);
  }
  return found;
}

/** What the cart needs of each variant, as D1 has it now: the price of the variant (a gift card amount) or of its colour. */
export async function variantFacts(db: D1Database, locale: Locale, variantIds: readonly string[]): Promise<Map<string, VariantFacts>> {
  if (variantIds.length === 0) return new Map();
  const facts = await readVariantFacts(db, locale, variantIds);
  const readAt = Date.now();
  for (const [id, fact] of facts) {
    const key = recentKey(locale, id);
    recent.delete(key);
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value as string);
    recent.set(key, { readAt, fact });
  }
  return facts;
}

async function readVariantFacts(db: D1Database, locale: Locale, variantIds: readonly string[]): Promise<Map<string, VariantFacts>> {
  const marks = variantIds.map((_, i) => `?${i + 3}`).join(', ');
  const { results } = await db
    .prepare(
      `SELECT v.id AS variant_id, v.product_id, s.id AS style_id, v.upc, v.size, v.width, v.length, COALESCE(t.name, e.name) AS name,
              COALESCE(t.eyebrow, e.eyebrow) AS eyebrow, p.colour_name, p.slug, s.product_type, p.swatch_hex, s.is_digital, s.is_robis_only,
              s.badge, s.rating, s.review_count, s.max_qty, s.is_presale, s.target_publish_date,
              COALESCE(vp.list_amount, pp.list_amount) AS list_amount,
              CASE WHEN vp.item_id IS NOT NULL THEN vp.sale_amount ELSE pp.sale_amount END AS sale_amount,
              i.quantity
       FROM variants v
       JOIN products p ON p.id = v.product_id
       JOIN styles s ON s.id = p.style_id
       LEFT JOIN style_texts t ON t.style_id = s.id AND t.lang = ?1
       LEFT JOIN style_texts e ON e.style_id = s.id AND e.lang = 'en'
       LEFT JOIN prices vp ON vp.item_id = v.id AND vp.site_id = ?2
       LEFT JOIN prices pp ON pp.item_id = p.id AND pp.site_id = ?2
       LEFT JOIN inventory i ON i.variant_id = v.id
       WHERE v.id IN (${marks})`,
    )
    .bind(locale.lang, locale.site.id, ...variantIds)
    .all<VariantRow>();
  return new Map(
    results.map((row) => [
      row.variant_id,
      {
        variantId: row.variant_id,
        productId: row.product_id,
        masterId: row.style_id,
        upc: row.upc,
        size: row.size,
        width: row.width,
        length: row.length,
        name: row.name ?? '',
        colour: row.colour_name,
        slug: row.slug,
        productType: row.product_type,
        swatchHex: row.swatch_hex,
        listAmount: row.list_amount,
        saleAmount: row.sale_amount,
        // A digital gift card is never out of stock, whatever its count says (as the product page has it).
        stock: row.is_digital === 1 ? DEFAULT_MAX_QTY : (row.quantity ?? 0),
        isDigital: row.is_digital === 1,
        isRobisOnly: row.is_robis_only === 1,
        badge: row.badge,
        eyebrow: row.eyebrow,
        rating: row.rating,
        reviewCount: row.review_count ?? 0,
        maxQty: row.max_qty ?? DEFAULT_MAX_QTY,
        presale: row.is_presale === 1,
        onSaleFrom: row.target_publish_date,
      },
    ]),
  );
}

/** The variant a shopper names, by its id or its UPC. */
export async function findVariant(
  db: D1Database,
  locale: Locale,
  ref: { variantId?: string | undefined; upc?: string | undefined },
  /** Other variants to read in the same query (the gift offers the answer will price). */
  alsoRead: readonly string[] = [],
): Promise<{ variant: VariantFacts | null; read: Map<string, VariantFacts> }> {
  const id = ref.variantId ?? (ref.upc ? (await db.prepare('SELECT id FROM variants WHERE upc = ?1').bind(ref.upc).first<{ id: string }>())?.id : undefined);
  if (!id) return { variant: null, read: new Map() };
  const read = await variantFacts(db, locale, [...new Set([id, ...alsoRead])]);
  return { variant: read.get(id) ?? null, read };
}

/** The variants the site's gift-with-purchase offers give: read with a change's own, so its answer reads nothing more. */
export function giftVariantIds(promotions: readonly Promotion[]): string[] {
  return promotions.flatMap((p) => (p.giftVariantId && isGiftPromotion(p.id) ? [p.giftVariantId] : []));
}

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
  shippingMethods: {
    shippingId: string;
    code: string;
    pointId?: string;
    /** The pickup point the home shipment goes to (code pudo), as the shopper recognises it. */
    point?: PickupPoint;
    applicableShippingMethods: HomeMethodOption[];
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
  billingAddress: CartState['billingAddress'];
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

/** One line of the Cart entity (commerce-core §3, item): the variant as D1 has it now, priced by the engine. */
function cartItem(locale: Locale, line: CartState['lines'][number], fact: VariantFacts, pricedLine: PricedCart['lines'][number]) {
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
    attributes: [
      { type: 'color', value: fact.colour },
      { type: 'size', value: fact.size },
    ],
    isDigitalProduct: fact.isDigital,
    giftOption: line.gift,
    badge: fact.badge,
    eyebrow: fact.eyebrow,
    rating: { score: fact.rating, reviewsCount: fact.reviewCount },
    // The catalogue sells nothing made to order: no recipe, no customs code.
    recipeId: null,
    precreatedCustomsCode: null,
    isCustoms: false,
    pdpUrl: paths.product(locale.code, fact.slug, fact.productId),
    productImageURL: productImageUrl(assets.imageBase, fact.productType, fact.swatchHex, 'side'),
    slug: fact.slug,
    customerNotifications: [],
  };
}

export type CartItem = ReturnType<typeof cartItem>;

interface GiftLine {
  line: CartState['lines'][number];
  fact: VariantFacts;
}

/** The gift lines on offer: one per gift-with-purchase promotion whose variant is in stock and priced. */
function giftCandidates(promotions: readonly Promotion[], facts: ReadonlyMap<string, VariantFacts>): (GiftLine & { promotionId: string })[] {
  return promotions.flatMap((promotion) => {
    const fact = promotion.giftVariantId ? facts.get(promotion.giftVariantId) : undefined;
    if (!isGiftPromotion(promotion.id) || !fact || fact.stock <= 0 || fact.listAmount === null) return [];
    return [
      {
        promotionId: promotion.id,
        line: { id: `gwp-${promotion.id}`, variantId: fact.variantId, productId: fact.productId, qty: 1, addedAt: '', gift: null },
        fact,
      },
    ];
  });
}

export interface PickupPoint {
  id: string;
  kind: 'locker' | 'shop';
  name: string;
  addressLine1: string;
  city: string;
  postalCode: string;
}

async function pickupPoint(db: D1Database, pointId: string): Promise<PickupPoint | null> {
  const row = await db
    .prepare('SELECT id, kind, name, address_line1, city, postal_code FROM collection_points WHERE id = ?1')
    .bind(pointId)
    .first<{ id: string; kind: 'locker' | 'shop'; name: string; address_line1: string; city: string; postal_code: string }>();
  return row ? { id: row.id, kind: row.kind, name: row.name, addressLine1: row.address_line1, city: row.city, postalCode: row.postal_code } : null;
}

/** What a basket is priced from, besides the catalogue. */
export interface CartEntityInput {
  state: CartState;
  shopper: { registered: boolean; employee: boolean };
  /** The site's promotions running now. */
  promotions: readonly Promotion[];
  /** Variants this request has already read from D1: not read twice. */
  known?: ReadonlyMap<string, VariantFacts> | undefined;
  /** The shopper's favourite store: each line says whether it could be picked up there. */
  favStoreId?: string | undefined;
  /** An athlete's allowance left this year (minor units); null for everyone else. */
  athleteAllowance?: number | null;
}

/** The Cart entity for a basket's state: fresh prices and stock, priced by the engine. */
export async function cartEntity(db: D1Database, locale: Locale, input: CartEntityInput): Promise<{ cart: CartEntity; deliveryCodes: Record<string, string> }> {
  const { state, shopper, promotions, favStoreId } = input;
  const known = input.known ?? new Map<string, VariantFacts>();
  const athleteAllowance = input.athleteAllowance ?? null;
  // The lines' variants and the gift offers' variants in one read.
  const giftVariants = giftVariantIds(promotions);
  const missing = [...new Set([...state.lines.map((line) => line.variantId), ...giftVariants])].filter((id) => !known.has(id));
  const [read, cards, point] = await Promise.all([
    variantFacts(db, locale, missing),
    giftCardBalances(
      db,
      state.instruments.map((instrument) => instrument.cardId),
    ),
    state.shipping.code === 'pudo' && state.shipping.pointId ? pickupPoint(db, state.shipping.pointId) : null,
  ]);
  const facts = new Map([...known, ...read]);
  const flash: CartEntity['flash'] = state.notices.map((notice) => ({
    type: notice === 'items-merged' ? 'ItemsMerged' : notice,
    message: 'Items from your last visit were added to your cart.',
  }));
  const priceable = state.lines.flatMap((line) => {
    const fact = facts.get(line.variantId);
    if (!fact) {
      flash.push({ type: 'ProductItemNotAvailable', message: 'This item is no longer available.', itemId: line.id });
      return [];
    }
    if (fact.listAmount === null) {
      flash.push({ type: 'NO_PRICE', message: 'This item has no price and cannot be bought now.', itemId: line.id });
      return [];
    }
    const unbuyable = saleRefusal(fact, shopper, today());
    if (unbuyable) flash.push({ type: UNBUYABLE_FLASH[unbuyable], message: ERROR_CATALOGUE[unbuyable].message, itemId: line.id });
    if (fact.stock < line.qty) {
      flash.push({
        type: fact.stock === 0 ? 'ProductLineItemFullInventoryMissing' : 'ProductLineItemInventoryMissing',
        message: 'Not enough stock for this quantity.',
        itemId: line.id,
      });
    }
    return [{ line, fact, unit: fact.saleAmount ?? fact.listAmount }];
  });
  const t = translator(locale.lang, locale.tag);
  const deliveries = await deliveriesFor(
    db,
    locale,
    t,
    state,
    priceable.map(({ line, fact }) => ({ line, isDigital: fact.isDigital })),
    favStoreId,
  );
  // Tax follows the delivery address; with nothing delivered home, the pickup store's; else the site's country.
  // Where the postal code tells the state, the state is that one, whatever an address kept from before says.
  const address = state.shippingAddress;
  const destination = address
    ? {
        country: String(address.countryCode),
        region: provinceOfPostalCode(String(address.countryCode), String(address.postalCode ?? '')) ?? String(address.province ?? ''),
      }
    : deliveries.home.lines === 0 && deliveries.pickupProvince
      ? { country: locale.site.countries[0] ?? locale.country, region: deliveries.pickupProvince }
      : { country: locale.site.countries[0] ?? locale.country };
  for (const transition of deliveries.transitions) {
    flash.push({ type: transition.type, message: t(`delivery.transition.${transition.type}` as MessageKey), itemId: transition.itemId });
  }
  const adjustmentOf = (lineId: string, rowTotal: number) => {
    const adjustment = state.adjustments.find((a) => a.lineId === lineId);
    if (!adjustment) return 0;
    // Measured against the line as it is now, not when it was given: fewer pairs or a lower price since cannot
    // make an amount worth more than the most an associate may take off.
    const most = Math.floor((rowTotal * PRICE_ADJUSTMENT_MAX_PERCENT) / 100);
    return Math.min(most, adjustment.kind === 'amount' ? adjustment.value : Math.round((rowTotal * adjustment.value) / 100));
  };
  const pricingLines = priceable.map(({ line, fact, unit }) => ({
    adjustment: adjustmentOf(line.id, unit * line.qty),
    id: line.id,
    productId: fact.productId,
    // Promotions name product types ("boot") where a marketer would name a category.
    categoryIds: [fact.productType],
    qty: line.qty,
    unitPrice: unit,
    originalUnitPrice: fact.listAmount ?? unit,
  }));
  // A gift with purchase is a free line of its own while the cart qualifies and its variant is in stock;
  // the engine keeps the offered line or not. The shopper cannot change or remove it (GWP403).
  const offered = giftCandidates(promotions, facts);
  const priced = priceCart({
    currency: state.owner.currency,
    lines: [
      ...pricingLines,
      ...offered.map(({ promotionId, line, fact }) => ({
        id: line.id,
        productId: fact.productId,
        categoryIds: [fact.productType],
        qty: 1,
        unitPrice: fact.listAmount ?? 0,
        originalUnitPrice: fact.listAmount ?? 0,
        gift: true,
        giftOf: promotionId,
      })),
    ],
    promotions,
    coupons: state.coupons,
    shopper,
    // Until the shopper chooses, home delivery is the standard method: the cart shows what it would cost.
    shippingCost: deliveries.home.cost,
    shippingSurcharge: deliveries.home.surcharge,
    shipsHome: deliveries.home.lines > 0,
    destination,
    taxCalculator: tableTaxCalculator,
    // "Spend $12.00 more for free shipping", in the shopper's currency and locale.
    formatMoney: (minor) => formatMoney(minor, state.owner.currency, locale.tag),
  });
  const gifts = offered.filter(({ promotionId }) => priced.gifts.includes(promotionId));
  const named = (applied: PricedCart['appliedPromotions'][number]) => ({
    ...applied,
    promotionName: promotions.find((p) => p.id === applied.promotionId)?.name ?? applied.promotionId,
  });
  const shippingPromotions = priced.appliedPromotions.filter((p) => p.level === 'SHIPPING').map(named);
  const items = priceable.map(({ line, fact }, index) => {
    const pricedLine = priced.lines[index];
    // The engine answers one priced line per line it was given, in order.
    if (pricedLine?.id !== line.id) throw new Error(`pricing lost line ${line.id}`);
    const delivery = deliveries.byLine.get(line.id) ?? null;
    return {
      ...cartItem(locale, line, fact, pricedLine),
      shippingOptions: delivery,
      // What its delivery costs as chosen, and the shipping promotions that apply to it (home delivery only).
      cost: delivery?.shippingMethod.price.amount ?? 0,
      shippingPromotions: delivery?.selected === 'STH' ? shippingPromotions : [],
      bonus: false,
    };
  });
  gifts.forEach(({ line, fact }) => {
    const pricedLine = priced.lines.find((priced) => priced.id === line.id);
    if (!pricedLine) throw new Error(`pricing lost gift ${line.id}`);
    // A gift travels with the order's home delivery, or with the pickup when nothing goes home.
    items.push({ ...cartItem(locale, line, fact, pricedLine), maxQty: 1, shippingOptions: null, cost: 0, shippingPromotions: [], bonus: true });
  });
  // An athlete's allowance pays first, then a loyalty voucher (only once the allowance is used up, commerce-core
  // §5), then gift cards in the order they were applied, each up to its balance now, never past the total.
  let remainingToPay = priced.totals.total;
  const athletePaid = state.athletePayment && athleteAllowance ? Math.min(athleteAllowance, remainingToPay) : 0;
  remainingToPay -= athletePaid;
  const athleteRemaining = athleteAllowance === null ? null : athleteAllowance - athletePaid;
  const appliedRewards: AppliedReward[] =
    state.reward && !athleteRemaining ? [{ type: 'LOYALTY_VOUCHER', points: state.reward.points, amount: Math.min(state.reward.amount, remainingToPay) }] : [];
  for (const reward of appliedRewards) remainingToPay -= reward.amount;
  const instruments = state.instruments.map((instrument) => {
    const balance = cards.get(instrument.cardId)?.balance ?? 0;
    // A reward code or card is a reward too: it pays only once the athlete allowance is used up.
    const waits = instrument.method !== 'GIFT_CERTIFICATE' && Boolean(athleteRemaining);
    const amount = waits ? 0 : Math.min(balance, remainingToPay);
    remainingToPay -= amount;
    return {
      payment_instrument_id: instrument.id,
      payment_method_id: instrument.method,
      maskedGiftCertificateCode: maskedNumber(instrument.last4),
      amount,
      balance,
    };
  });
  const cart: CartEntity = {
    basketId: state.basketId,
    currency: state.owner.currency,
    // What the shopper put in: the header and the cart count these; a free gift is shown, not counted.
    totalItems: priced.totals.totalUnits - gifts.length,
    totals: {
      ...priced.totals,
      remainingToPay,
      appliedRewards,
      display: {
        tax: formatMoney(priced.totals.tax, state.owner.currency, locale.tag),
        total: formatMoney(priced.totals.total, state.owner.currency, locale.tag),
        remainingToPay: formatMoney(remainingToPay, state.owner.currency, locale.tag),
      },
    },
    items,
    athletePayment:
      athleteAllowance === null
        ? null
        : { applied: athletePaid, remainingAmount: athleteAllowance, payableAmount: Math.min(athleteAllowance, priced.totals.total) },
    couponItems: state.coupons.map((code) => ({ code, applied: priced.appliedPromotions.some((p) => p.couponCode === code) })),
    orderPromotions: priced.appliedPromotions.filter((p) => p.level === 'ORDER').map(named),
    shippingPromotions,
    promoSummary: priced.promoSummary,
    approachingPromotions: priced.approaching,
    shippingMethods: [
      {
        shippingId: 'me',
        code: deliveries.home.method,
        ...(state.shipping.pointId ? { pointId: state.shipping.pointId } : {}),
        ...(point ? { point } : {}),
        applicableShippingMethods: deliveries.home.options,
        address: state.shippingAddress,
        lines: deliveries.home.lines,
      },
    ],
    payment_instruments: instruments,
    flash,
    customerNotifications: [],
    rewards: appliedRewards,
    priceAdjustments: state.adjustments
      .filter((adjustment) => priceable.some(({ line }) => line.id === adjustment.lineId))
      .map((adjustment) => {
        const index = priceable.findIndex(({ line }) => line.id === adjustment.lineId);
        const row = priced.lines[index];
        const promoted = -(row?.productPromotions[0]?.price ?? 0);
        return {
          adjustmentId: adjustment.id,
          itemId: adjustment.lineId,
          kind: adjustment.kind,
          value: adjustment.value,
          amount: row ? row.price.rowTotal - row.price.priceAfterItemDiscount - promoted : 0,
          reason: adjustment.reason,
          storeId: adjustment.storeId,
          storeEmployeeId: adjustment.employeeId,
        };
      }),
    shippingAddress: state.shippingAddress,
    billingAddress: state.billingAddress,
    pickupContacts: state.pickupContacts ?? null,
    pickupContactsRequired: {
      collectionPoint: PICKUP_CONTACT_LOCALES.collectionPoint.includes(locale.code) && deliveries.home.method === 'pudo' && deliveries.home.lines > 0,
      storePickup:
        PICKUP_CONTACT_LOCALES.storePickup.includes(locale.code) &&
        [...deliveries.byLine.values()].some((d) => d.selected === 'BOPIS_SD' || d.selected === 'BOPIS_STS'),
    },
    payment: state.payment
      ? {
          method: state.payment.method,
          ...(state.payment.method === 'CREDIT_CARD'
            ? {
                card: {
                  brand: state.payment.card.brand,
                  last4: state.payment.card.last4,
                  expMonth: state.payment.card.expMonth,
                  expYear: state.payment.card.expYear,
                },
                ...(state.payment.savedCardId ? { savedCardId: state.payment.savedCardId, cvcGiven: Boolean(state.payment.cvcToken) } : {}),
              }
            : {}),
        }
      : null,
    email: state.email,
  };
  return { cart, deliveryCodes: deliveries.codes };
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
  env: { DB: D1Database; CART: DurableObjectNamespace<Cart> },
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
  const lines = surrendered.state.lines.flatMap((line) => {
    const fact = facts.get(line.variantId);
    return fact ? [{ variantId: line.variantId, productId: line.productId, gift: line.gift, qty: line.qty, maxQty: fact.maxQty, stock: fact.stock }] : [];
  });
  const merged = await cartStub(env, ownAnswer.basketId).merge({ usid: guest.usid, consumerNo }, lines);
  return merged.ok ? { basketId: ownAnswer.basketId, units: unitsIn(merged.state) } : ownAnswer;
}
