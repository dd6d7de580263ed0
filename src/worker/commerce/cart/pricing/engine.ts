// The pricing engine (commerce-core §3 totals, promo summary, approaching promotions; account-content §5
// callouts): pure code over integer minor units, no floats in any total. Its stacking rules, stated once:
//
// 1. Product level: each line takes the one product promotion that saves it the most (promotions do not
//    stack on a line). Gift lines (GWP) are free and take no other promotion.
// 2. Order level, on the subtotal after product promotions: every qualifying non-exclusive promotion
//    applies, one after the other in the order given; an exclusive one applies alone. Whichever of the two
//    saves the shopper more wins. The order discount is spread over the lines in proportion to what they
//    cost, so the lines always add up to the totals.
// 3. Shipping level: the one qualifying shipping promotion that saves the most.
// A promotion qualifies when it is for this shopper (all, guests, registered, employees), its coupon is
// applied, and its threshold (on the subtotal after product promotions) is reached.

import type { TaxCalculator, TaxDestination } from './tax.ts';

export type PromotionLevel = 'PRODUCT' | 'ORDER' | 'SHIPPING';
export type Audience = 'ALL' | 'GUEST' | 'REGISTERED' | 'EMPLOYEE';
export type ThresholdStatus = 'Below Threshold' | 'Threshold Reached' | 'Above Threshold';

export type Discount = { type: 'percent'; percent: number } | { type: 'amount'; amount: number } | { type: 'free' };

export interface Promotion {
  id: string;
  name: string;
  level: PromotionLevel;
  discount: Discount;
  /** Product level: the products or categories it covers (neither: every product). */
  productIds?: readonly string[];
  categoryIds?: readonly string[];
  /** Order and shipping level: the subtotal after product promotions that it needs. */
  threshold?: number;
  couponCode?: string;
  audience?: Audience;
  exclusive?: boolean;
  /** "approaching|above threshold|reached", {distance} standing for what is left to spend. */
  callout?: string;
  /** A gift with purchase: the variant it gives, free, once the cart qualifies. */
  giftVariantId?: string;
  /** The marketing campaign it runs in, named beside it wherever it applied. */
  campaignId?: string;
}

export interface PricingLine {
  id: string;
  productId: string;
  categoryIds?: readonly string[];
  qty: number;
  /** The price now, and the price before any sale, per unit. */
  unitPrice: number;
  originalUnitPrice: number;
  /** A gift with purchase: free, and nothing else applies to it. */
  gift?: boolean;
  /** A store associate's price adjustment on the line (minor units off), after its product promotion. */
  adjustment?: number;
  /** A gift line offered by this gift-with-purchase promotion: in the cart only while the cart qualifies. */
  giftOf?: string;
}

export interface PricingInput {
  currency: string;
  lines: readonly PricingLine[];
  /** The promotions active now; the engine decides which qualify. */
  promotions: readonly Promotion[];
  coupons: readonly string[];
  shopper: { registered: boolean; employee: boolean };
  /** The chosen delivery's price before promotions: what a shipping promotion may take off. */
  shippingCost: number;
  /** What a faster delivery adds on top (express over standard): paid in full, never promoted. */
  shippingSurcharge?: number;
  /** False when nothing is delivered home (gift cards by email, pickups): no shipping callout then. */
  shipsHome?: boolean;
  destination: TaxDestination;
  taxCalculator: TaxCalculator;
  /** Gift cards, loyalty and rewards already applied as payment. */
  paidWithInstruments?: number;
  /** Formats an amount for a callout's {distance}. */
  formatMoney?: (minor: number) => string;
}

export interface PricedLine {
  id: string;
  qty: number;
  price: {
    original: number;
    current: number;
    rowTotal: number;
    priceAfterItemDiscount: number;
    priceAfterOrderDiscount: number;
  };
  productPromotions: { promotionId: string; couponCode: string | null; campaignId: string | null; price: number }[];
  taxTotal: number;
}

export interface PromoSummaryEntry {
  level: PromotionLevel;
  promotionId: string;
  promotionName: string;
  calloutMessage: string;
  thresholdStatus: ThresholdStatus;
}

export interface ApproachingPromotion {
  promotionId: string;
  level: PromotionLevel;
  promotionClass: PromotionLevel;
  approachingDisplayLevel: 'cart';
  distanceFromConditionThreshold: number;
  calloutMsg: string;
}

export interface Totals {
  currency: string;
  totalUnits: number;
  /** Lines at their current prices, before promotions. */
  itemSubTotal: number;
  /** Lines after product and order promotions. */
  itemTotal: number;
  shipping: number;
  shippingDiscount: number;
  totalDiscount: number;
  /** Share of what the cart would have cost without promotions, one decimal. */
  totalDiscountPercentage: number;
  tax: number;
  taxAmount: number;
  taxIncluded: boolean;
  total: number;
  totalWithoutTax: number;
  netAmount: number;
  remainingToPay: number;
}

export interface PricedCart {
  lines: PricedLine[];
  totals: Totals;
  appliedPromotions: { promotionId: string; level: PromotionLevel; amount: number; couponCode: string | null; campaignId: string | null }[];
  promoSummary: PromoSummaryEntry[];
  approaching: ApproachingPromotion[];
  /** Gift-with-purchase promotions the cart qualifies for: each gives its free line. */
  gifts: string[];
}

/** Gift-with-purchase promotions are recognised by GWP in their id, their audience by GUEST or REGISTERED (commerce-core §9). */
export function isGiftPromotion(id: string): boolean {
  return id.includes('GWP');
}

export function audienceOf(promotion: Pick<Promotion, 'id' | 'audience'>): Audience {
  if (promotion.audience) return promotion.audience;
  if (promotion.id.includes('REGISTERED')) return 'REGISTERED';
  if (promotion.id.includes('GUEST')) return 'GUEST';
  return 'ALL';
}

function forShopper(promotion: Promotion, shopper: PricingInput['shopper']): boolean {
  const audience = audienceOf(promotion);
  if (audience === 'REGISTERED') return shopper.registered;
  if (audience === 'GUEST') return !shopper.registered;
  if (audience === 'EMPLOYEE') return shopper.employee;
  return true;
}

/** What a discount takes off an amount, never more than the amount. */
export function discountOn(amount: number, discount: Discount): number {
  const off = discount.type === 'percent' ? Math.round((amount * discount.percent) / 100) : discount.type === 'amount' ? discount.amount : amount;
  return Math.max(0, Math.min(amount, off));
}

/** `total` split in proportion to `weights`, in whole minor units that add up exactly (largest remainder). */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left--;
  }
  return shares;
}

function covers(promotion: Promotion, line: PricingLine): boolean {
  const products = promotion.productIds ?? [];
  const categories = promotion.categoryIds ?? [];
  if (products.length === 0 && categories.length === 0) return true;
  return products.includes(line.productId) || (line.categoryIds ?? []).some((id) => categories.includes(id));
}

/** The callout's three parts (account-content §5): only a message of exactly three parts is shown. */
export function calloutParts(callout: string | undefined): [string, string, string] | null {
  const parts = (callout ?? '').split('|');
  return parts.length === 3 ? (parts as [string, string, string]) : null;
}

export function thresholdStatus(amount: number, threshold: number): ThresholdStatus {
  if (amount < threshold) return 'Below Threshold';
  return amount === threshold ? 'Threshold Reached' : 'Above Threshold';
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

type Applied = PricedCart['appliedPromotions'];

/** How an applied promotion is named: its id, the coupon that brought it, the campaign it runs in. */
const appliedAs = (promotion: Promotion) => ({
  promotionId: promotion.id,
  couponCode: promotion.couponCode ?? null,
  campaignId: promotion.campaignId ?? null,
});

/** A line after product level: what it costs, what comes off it, and the promotion that took it off. */
interface ProductRow {
  line: PricingLine;
  rowTotal: number;
  itemOff: number;
  promotion: Promotion | null;
  adjusted: number;
}

/** 1. Product level: the best single promotion per line. */
function productLevel(lines: readonly PricingLine[], discounting: readonly Promotion[], applied: Applied): ProductRow[] {
  return lines.map((line) => {
    const rowTotal = line.gift ? 0 : line.unitPrice * line.qty;
    let best: { promotion: Promotion; off: number } | null = null;
    if (!line.gift) {
      for (const promotion of discounting) {
        if (promotion.level !== 'PRODUCT' || !covers(promotion, line)) continue;
        const off = discountOn(rowTotal, promotion.discount);
        if (off > 0 && (!best || off > best.off)) best = { promotion, off };
      }
    }
    if (best) applied.push({ ...appliedAs(best.promotion), level: 'PRODUCT', amount: best.off });
    // An associate's adjustment comes after the promotion and never takes the line below nothing.
    const adjusted = line.gift ? 0 : Math.min(Math.max(0, line.adjustment ?? 0), rowTotal - (best?.off ?? 0));
    return { line, rowTotal, itemOff: (best?.off ?? 0) + adjusted, promotion: best?.promotion ?? null, adjusted };
  });
}

/** 2. Order level: all non-exclusive in turn, or the best exclusive one, whichever saves more. Answers what comes off. */
function orderLevel(discounting: readonly Promotion[], afterItems: number, applied: Applied): number {
  const orderPromotions = discounting.filter((p) => p.level === 'ORDER' && afterItems >= (p.threshold ?? 0));
  let stacked: { promotion: Promotion; off: number }[] = [];
  let remaining = afterItems;
  for (const promotion of orderPromotions.filter((p) => !p.exclusive)) {
    const off = discountOn(remaining, promotion.discount);
    if (off > 0) stacked.push({ promotion, off });
    remaining -= off;
  }
  const stackedOff = stacked.reduce((sum, s) => sum + s.off, 0);
  const bestExclusive = orderPromotions
    .filter((p) => p.exclusive)
    .map((promotion) => ({ promotion, off: discountOn(afterItems, promotion.discount) }))
    .sort((a, b) => b.off - a.off)[0];
  if (bestExclusive && bestExclusive.off > stackedOff) stacked = [bestExclusive];
  for (const { promotion, off } of stacked) applied.push({ ...appliedAs(promotion), level: 'ORDER', amount: off });
  return stacked.reduce((sum, s) => sum + s.off, 0);
}

/** 3. Shipping level: the best one. Answers what comes off the shipping cost. */
function shippingLevel(discounting: readonly Promotion[], afterItems: number, shippingCost: number, applied: Applied): number {
  const shippingBest = discounting
    .filter((p) => p.level === 'SHIPPING' && afterItems >= (p.threshold ?? 0))
    .map((promotion) => ({ promotion, off: discountOn(shippingCost, promotion.discount) }))
    .sort((a, b) => b.off - a.off)[0];
  const shippingDiscount = shippingBest?.off ?? 0;
  if (shippingBest && shippingDiscount > 0) {
    applied.push({ ...appliedAs(shippingBest.promotion), level: 'SHIPPING', amount: shippingDiscount });
  }
  return shippingDiscount;
}

function pricedLine(row: ProductRow, net: number, tax: number): PricedLine {
  return {
    id: row.line.id,
    qty: row.line.qty,
    price: {
      original: row.line.originalUnitPrice,
      current: row.line.gift ? 0 : row.line.unitPrice,
      rowTotal: row.rowTotal,
      priceAfterItemDiscount: row.rowTotal - row.itemOff,
      priceAfterOrderDiscount: net,
    },
    productPromotions: row.promotion ? [{ ...appliedAs(row.promotion), price: -(row.itemOff - row.adjusted) }] : [],
    taxTotal: tax,
  };
}

/** Callouts: threshold promotions that qualify but for their threshold, with the status of the subtotal. */
function callouts(input: PricingInput, eligible: readonly Promotion[], afterItems: number): Pick<PricedCart, 'promoSummary' | 'approaching'> {
  const money = input.formatMoney ?? ((minor: number) => (minor / 100).toFixed(2));
  const promoSummary: PromoSummaryEntry[] = [];
  const approaching: ApproachingPromotion[] = [];
  for (const promotion of eligible) {
    const parts = calloutParts(promotion.callout);
    if (!parts || promotion.threshold === undefined || promotion.level === 'PRODUCT') continue;
    if (promotion.level === 'SHIPPING' && input.shipsHome === false) continue;
    const status = thresholdStatus(afterItems, promotion.threshold);
    const distance = Math.max(0, promotion.threshold - afterItems);
    const message = (status === 'Below Threshold' ? parts[0] : status === 'Above Threshold' ? parts[1] : parts[2]).replace('{distance}', () => money(distance));
    promoSummary.push({ level: promotion.level, promotionId: promotion.id, promotionName: promotion.name, calloutMessage: message, thresholdStatus: status });
    if (status === 'Below Threshold') {
      approaching.push({
        promotionId: promotion.id,
        level: promotion.level,
        promotionClass: promotion.level,
        approachingDisplayLevel: 'cart',
        distanceFromConditionThreshold: distance,
        calloutMsg: message,
      });
    }
  }
  return { promoSummary, approaching };
}

export function priceCart(input: PricingInput): PricedCart {
  const coupons = new Set(input.coupons.map((code) => code.toUpperCase()));
  const qualifies = (promotion: Promotion) =>
    forShopper(promotion, input.shopper) && (!promotion.couponCode || coupons.has(promotion.couponCode.toUpperCase()));
  const eligible = input.promotions.filter(qualifies);
  // A gift with purchase takes nothing off: it adds a free line (the service's), so it is not a discount here.
  const discounting = eligible.filter((p) => !isGiftPromotion(p.id));
  const applied: Applied = [];

  const priced = productLevel(input.lines, discounting, applied);
  const afterItems = priced.reduce((sum, row) => sum + row.rowTotal - row.itemOff, 0);
  // Gift lines cost nothing, so the threshold is the same with or without them: the offers the cart
  // qualifies for keep their line, the others' lines go.
  const gifts = eligible.filter((p) => isGiftPromotion(p.id) && afterItems >= (p.threshold ?? 0)).map((p) => p.id);
  const rows = priced.filter((row) => !row.line.giftOf || gifts.includes(row.line.giftOf));
  const orderOff = orderLevel(discounting, afterItems, applied);
  const orderShares = allocate(
    orderOff,
    rows.map((row) => row.rowTotal - row.itemOff),
  );
  const shippingDiscount = shippingLevel(discounting, afterItems, input.shippingCost, applied);
  const shipping = input.shippingCost - shippingDiscount + (input.shippingSurcharge ?? 0);

  // Tax on what is paid for each line and for shipping.
  const lineNet = rows.map((row, index) => row.rowTotal - row.itemOff - (orderShares[index] ?? 0));
  const taxed = input.taxCalculator.tax(input.destination, [...lineNet, shipping]);
  const lineTax = taxed.perAmount.slice(0, lineNet.length);
  const tax = taxed.perAmount.reduce((a, b) => a + b, 0);
  const lines = rows.map((row, index) => pricedLine(row, lineNet[index] ?? 0, lineTax[index] ?? 0));

  const itemSubTotal = rows.reduce((sum, row) => sum + row.rowTotal, 0);
  const itemTotal = lineNet.reduce((a, b) => a + b, 0);
  const itemOff = rows.reduce((sum, row) => sum + row.itemOff, 0);
  const totalDiscount = itemOff + orderOff + shippingDiscount;
  const beforePromotions = itemSubTotal + input.shippingCost + (input.shippingSurcharge ?? 0);
  const total = itemTotal + shipping + (taxed.included ? 0 : tax);
  const totals: Totals = {
    currency: input.currency,
    totalUnits: rows.reduce((sum, row) => sum + row.line.qty, 0),
    itemSubTotal,
    itemTotal,
    shipping,
    shippingDiscount,
    totalDiscount,
    totalDiscountPercentage: beforePromotions === 0 ? 0 : oneDecimal((totalDiscount * 100) / beforePromotions),
    tax,
    taxAmount: tax,
    taxIncluded: taxed.included,
    total,
    totalWithoutTax: total - tax,
    netAmount: total - tax,
    remainingToPay: Math.max(0, total - (input.paidWithInstruments ?? 0)),
  };
  return { lines, totals, appliedPromotions: applied, ...callouts(input, eligible, afterItems), gifts };
}

/** The shipping cost a summary shows: the applied shipping promotion's price, made positive, plus the cost (commerce-core §9). */
export function shippingCostTotal(cost: number, shippingPromotionPrice: number): number {
  return Math.abs(shippingPromotionPrice) + cost;
}
