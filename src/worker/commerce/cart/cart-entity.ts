// The Cart entity of commerce-core §3 for a basket's state: its lines' facts read fresh (or known from the
// change), their deliveries, the engine's prices and promotions, the free gifts it keeps, and what pays before
// the card (an athlete's allowance, a loyalty voucher, gift cards and rewards).

import { PRICE_ADJUSTMENT_MAX_PERCENT } from '../../../shared/commerce/commerce-config.ts';
import { formatMoney } from '../../../shared/commerce/money.ts';
import { ERROR_CATALOGUE } from '../../../shared/errors.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import type { Translate } from '../../../shared/i18n/format.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { provinceOfPostalCode } from '../../../shared/locale/provinces.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { loadProducts, type ProductDetail } from '../catalog/product.ts';
import { today } from '../catalog/service.ts';
import { customsFields, designsOf, surchargeOf } from '../customs/cart-customs.ts';
import type { Recipe } from '../customs/recipes.ts';
import { giftCardBalances, maskedNumber } from '../gift-cards/cards.ts';
import { billingAnswer } from './billing.ts';
import type { CartState } from './cart-state.ts';
import { type Deliveries, deliveriesFor } from './delivery.ts';
import { displayItemsOf } from './display-items.ts';
import { type GiftLine, giftCandidates, unavailableGifts } from './gift-offers.ts';
import { saleRefusal, UNBUYABLE_FLASH } from './on-sale.ts';
import { type PricedCart, type Promotion, priceCart } from './pricing/engine.ts';
import type { TaxCalculator } from './pricing/tax.ts';
import { type AppliedReward, type CartEntity, cartItem } from './service.ts';
import { pickupContactsRequired, pickupPoint, shipmentsOf } from './shipments.ts';
import { priceWithTax, type TaxService, tableTaxService, taxPlace } from './tax-services.ts';
import { giftVariantIds, type VariantFacts, variantFacts } from './variant-facts.ts';

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
  /** Where the tax on a delivery address comes from: the built-in table unless configured. */
  taxService?: TaxService | undefined;
}

type Flash = CartEntity['flash'];

/** What the basket kept to tell its owner once, as the cart's flash (commerce-core §8). */
function noticeFlash(notice: string, t: Translate): Flash[number] {
  if (notice === 'items-merged') return { type: 'ItemsMerged', message: t('cart.merged') };
  if (notice === 'items-oos') return { type: 'ITEMS_OOS', message: t('cart.itemsOutOfStock') };
  if (notice.startsWith('changed-store:')) return { type: 'ChangedStoreId', message: t('cart.changedStore'), itemId: notice.slice('changed-store:'.length) };
  return { type: notice, message: notice };
}
/** A line that can be priced: its unit price includes `surcharge`, what making it to order adds. */
type Priceable = { line: CartState['lines'][number]; fact: VariantFacts; unit: number; surcharge: number };

/** The basket's lines that can be priced now; each that cannot, or cannot be bought as it is, says why. */
function priceableLines(
  state: CartState,
  facts: ReadonlyMap<string, VariantFacts>,
  designs: ReadonlyMap<string, Recipe>,
  shopper: CartEntityInput['shopper'],
  flash: Flash,
): Priceable[] {
  return state.lines.flatMap((line) => {
    const fact = facts.get(line.variantId);
    // A design the workshop no longer has cannot be made: the line is shown as gone, like a product that is.
    if (!fact || (line.recipeId && !designs.has(line.id))) {
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
    const surcharge = surchargeOf(line, designs, state.owner.currency);
    return [{ line, fact, unit: (fact.saleAmount ?? fact.listAmount) + surcharge, surcharge }];
  });
}

/** A pickup store's province when everything is picked up (nothing delivered home or from the workshop). */
const pickupOnlyProvince = (deliveries: Deliveries) => (deliveries.home.lines === 0 && deliveries.customs.lines === 0 ? deliveries.pickupProvince : null);

/** The address tax is worked out for: the delivery address, else, unless all is picked up, where the estimate says. */
const taxAddressOf = (state: CartState, deliveries: Deliveries) => state.shippingAddress ?? (pickupOnlyProvince(deliveries) ? null : state.deliveryEstimate);

/**
 * Tax follows the delivery address (or the cart's estimate of it); with nothing delivered home, the pickup
 * store's; else the site's country. Where the postal code tells the state, the state is that one, whatever an
 * address kept from before says.
 */
function taxDestination(locale: Locale, state: CartState, deliveries: Deliveries): { country: string; region?: string } {
  const address = taxAddressOf(state, deliveries);
  const pickupProvince = pickupOnlyProvince(deliveries);
  return address
    ? {
        country: String(address.countryCode),
        region: provinceOfPostalCode(String(address.countryCode), String(address.postalCode ?? '')) ?? String(address.province ?? ''),
      }
    : pickupProvince
      ? { country: locale.site.countries[0] ?? locale.country, region: pickupProvince }
      : { country: locale.site.countries[0] ?? locale.country };
}

/** The engine's lines for the shopper's own lines, each with the associate's adjustment it carries. */
function pricingLinesOf(state: CartState, priceable: readonly Priceable[]) {
  const adjustmentOf = (lineId: string, rowTotal: number) => {
    const adjustment = state.adjustments.find((a) => a.lineId === lineId);
    if (!adjustment) return 0;
    // Measured against the line as it is now, not when it was given: fewer pairs or a lower price since cannot
    // make an amount worth more than the most an associate may take off.
    const most = Math.floor((rowTotal * PRICE_ADJUSTMENT_MAX_PERCENT) / 100);
    return Math.min(most, adjustment.kind === 'amount' ? adjustment.value : Math.round((rowTotal * adjustment.value) / 100));
  };
  return priceable.map(({ line, fact, unit, surcharge }) => ({
    adjustment: adjustmentOf(line.id, unit * line.qty),
    id: line.id,
    productId: fact.productId,
    // Promotions name product types ("boot") where a marketer would name a category.
    categoryIds: [fact.productType],
    qty: line.qty,
    unitPrice: unit,
    originalUnitPrice: fact.listAmount === null ? unit : fact.listAmount + surcharge,
  }));
}

/** The answer's items: the shopper's lines as priced and delivered, then the free gifts the engine kept. */
function cartItems(
  locale: Locale,
  t: Translate,
  { designs, products }: { designs: ReadonlyMap<string, Recipe>; products: ReadonlyMap<string, ProductDetail> },
  priceable: readonly Priceable[],
  gifts: readonly GiftLine[],
  priced: PricedCart,
  deliveries: Deliveries,
  shippingPromotions: CartEntity['shippingPromotions'],
): CartEntity['items'] {
  const items = priceable.map(({ line, fact }, index) => {
    const pricedLine = priced.lines[index];
    // The engine answers one priced line per line it was given, in order.
    if (pricedLine?.id !== line.id) throw new Error(`pricing lost line ${line.id}`);
    const delivery = deliveries.byLine.get(line.id) ?? null;
    return {
      ...cartItem(locale, line, fact, pricedLine, products.get(fact.productId)),
      ...customsFields(locale, t, fact, designs.get(line.id)),
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
  return items;
}

/**
 * What pays before the card: an athlete's allowance first, then a loyalty voucher (only once the allowance is
 * used up, commerce-core §5), then gift cards in the order they were applied, each up to its balance now,
 * never past the total.
 */
function tendersBeforeCard(state: CartState, total: number, athleteAllowance: number | null, cards: Awaited<ReturnType<typeof giftCardBalances>>) {
  let remainingToPay = total;
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
  return { remainingToPay, athletePaid, appliedRewards, instruments };
}

/** The associates' adjustments on lines still priced, each with what it took off. */
function priceAdjustmentsOf(state: CartState, priceable: readonly Priceable[], priced: PricedCart): CartEntity['priceAdjustments'] {
  return state.adjustments
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
    });
}

/** How the rest is paid, as the shopper recognises it: never the processor's token. */
function paymentOf(state: CartState): CartEntity['payment'] {
  return state.payment
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
    : null;
}

/** The engine's answer for the shopper's lines and the gifts on offer, delivered as the basket says, taxed at `destination`. */
function priceBasketLines(
  locale: Locale,
  input: CartEntityInput,
  priceable: readonly Priceable[],
  offered: readonly (GiftLine & { promotionId: string })[],
  deliveries: Deliveries,
  destination: { country: string; region?: string },
  taxCalculator: TaxCalculator,
): PricedCart {
  const { state, shopper, promotions } = input;
  return priceCart({
    currency: state.owner.currency,
    lines: [
      ...pricingLinesOf(state, priceable),
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
    shipsHome: deliveries.home.lines > 0 || deliveries.customs.lines > 0,
    destination,
    taxCalculator,
    // "Spend $12.00 more for free shipping", in the shopper's currency and locale.
    formatMoney: (minor) => formatMoney(minor, state.owner.currency, locale.tag),
  });
}

/**
 * What the basket is priced and answered from besides its own state, in one round of reads: its variants' facts
 * (the lines' and the gift offers', less those known), gift card balances, the pickup point, the designs of pairs
 * made to order, and the lines' products for the options each line offers (a free gift's cannot change: not read).
 */
async function basketFacts(db: D1Database, locale: Locale, input: CartEntityInput) {
  const { state, promotions } = input;
  const known = input.known ?? new Map<string, VariantFacts>();
  const missing = [...new Set([...state.lines.map((line) => line.variantId), ...giftVariantIds(promotions)])].filter((id) => !known.has(id));
  const [read, cards, point, designs, products] = await Promise.all([
    variantFacts(db, locale, missing),
    giftCardBalances(
      db,
      state.instruments.map((instrument) => instrument.cardId),
    ),
    state.shipping.code === 'pudo' && state.shipping.pointId ? pickupPoint(db, state.shipping.pointId) : null,
    designsOf(db, state),
    loadProducts(
      db,
      locale.site,
      locale.lang,
      state.lines.map((line) => line.productId),
      today(),
    ),
  ]);
  return { facts: new Map([...known, ...read]), cards, point, designs, products };
}

/** The Cart entity for a basket's state: fresh prices and stock, priced by the engine. */
export async function cartEntity(db: D1Database, locale: Locale, input: CartEntityInput): Promise<{ cart: CartEntity; deliveryCodes: Record<string, string> }> {
  const { state, shopper, promotions, favStoreId } = input;
  const athleteAllowance = input.athleteAllowance ?? null;
  const { facts, cards, point, designs, products } = await basketFacts(db, locale, input);
  const t = translator(locale.lang, locale.tag);
  const flash: Flash = state.notices.map((notice) => noticeFlash(notice, t));
  const priceable = priceableLines(state, facts, designs, shopper, flash);
  const deliveries = await deliveriesFor(
    db,
    locale,
    t,
    state,
    priceable.map(({ line, fact }) => ({ line, isDigital: fact.isDigital })),
    favStoreId,
  );
  const destination = taxDestination(locale, state, deliveries);
  for (const transition of deliveries.transitions) {
    flash.push({ type: transition.type, message: t(`delivery.transition.${transition.type}` as MessageKey), itemId: transition.itemId });
  }
  // A gift with purchase is a free line of its own while the cart qualifies and its variant is in stock;
  // the engine keeps the offered line or not. The shopper cannot change or remove it (GWP403).
  const offered = giftCandidates(promotions, facts);
  const { priced, failed } = await priceWithTax(
    input.taxService ?? tableTaxService,
    taxPlace(state.owner.currency, taxAddressOf(state, deliveries), destination),
    (calculator) => priceBasketLines(locale, input, priceable, offered, deliveries, destination, calculator),
  );
  // The estimate stands, and no order is placed on it (commerce-core §8 TAX309).
  if (failed) flash.push({ type: 'TAX309', message: t('error.taxUnavailable') });
  const gifts = offered.filter(({ promotionId }) => priced.gifts.includes(promotionId));
  flash.push(...unavailableGifts(promotions, offered, priced, t));
  const named = (applied: PricedCart['appliedPromotions'][number]) => ({
    ...applied,
    promotionName: promotions.find((p) => p.id === applied.promotionId)?.name ?? applied.promotionId,
  });
  const shippingPromotions = priced.appliedPromotions.filter((p) => p.level === 'SHIPPING').map(named);
  const items = cartItems(locale, t, { designs, products }, priceable, gifts, priced, deliveries, shippingPromotions);
  const { remainingToPay, athletePaid, appliedRewards, instruments } = tendersBeforeCard(state, priced.totals.total, athleteAllowance, cards);
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
    displayItems: displayItemsOf(priced, promotions),
    shippingMethods: shipmentsOf(state, deliveries, point),
    payment_instruments: instruments,
    flash,
    // What the shopper should know of the cart as a whole, gathered from its lines (a pair made to order, say).
    customerNotifications: items.flatMap((item) => item.customerNotifications.map((notification) => ({ ...notification, itemId: item.id }))),
    rewards: appliedRewards,
    priceAdjustments: priceAdjustmentsOf(state, priceable, priced),
    shippingAddress: state.shippingAddress,
    deliveryEstimate: state.deliveryEstimate,
    billingAddress: billingAnswer(state.billingAddress, locale),
    pickupContacts: state.pickupContacts ?? null,
    pickupContactsRequired: pickupContactsRequired(locale, deliveries),
    payment: paymentOf(state),
    email: state.email,
  };
  return { cart, deliveryCodes: deliveries.codes };
}
