// The Cart entity an answer carries: the basket priced with the site's running promotions, the shopper's
// employee discount and athlete allowance, and the header's count cookie that goes with it.

import type { SessionClaims } from '../../../shared/api/session.ts';
import { CART_COUNT_COOKIE } from '../../../shared/commerce/cart-count.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { HttpError } from '../../lib/http-error.ts';
import { STORE_COOKIE } from '../../lib/store-cookies.ts';
import type { CookieChange, ServiceDeps, Shopper } from '../call.ts';
import { type BasketChange, callerOf } from './caller.ts';
import { cartEntity } from './cart-entity.ts';
import { audienceOf, type Promotion } from './pricing/engine.ts';
import { activePromotions } from './promotions.ts';
import { type CartEntity, cartStub, throwRefusal } from './service.ts';
import { taxServiceFor } from './tax-services.ts';
import { giftVariantIds, recentVariantFacts } from './variant-facts.ts';

/** What is left of an athlete's allowance this year (minor units); null for a shopper who is not an athlete. */
export async function athleteAllowance(db: D1Database, claims: SessionClaims | undefined): Promise<number | null> {
  if (claims?.type !== 'registered' || !claims.consumerNo || !(claims.tags ?? []).includes('Athlete')) return null;
  const row = await db
    .prepare('SELECT athlete_annual_credit AS credit, athlete_current_spend AS spend FROM consumers WHERE consumer_no = ?1')
    .bind(claims.consumerNo)
    .first<{ credit: number | null; spend: number | null }>();
  return row?.credit === null || row?.credit === undefined ? null : Math.max(0, row.credit - (row.spend ?? 0));
}

/**
 * Whether an employee's discount applies (commerce-core §6): only once they have accepted its terms, and
 * while this year's spend is under their allowance. Read from the account, not the session, so accepting
 * the terms counts at once.
 */
async function employeeDiscount(db: D1Database, consumerNo: string | undefined): Promise<'allowed' | 'terms' | 'cap'> {
  const row = consumerNo
    ? await db
        .prepare(
          'SELECT employee_terms_accepted_at AS accepted, employee_current_spend AS spend, employee_annual_cap AS cap FROM consumers WHERE consumer_no = ?1',
        )
        .bind(consumerNo)
        .first<{ accepted: string | null; spend: number | null; cap: number | null }>()
    : null;
  if (!row?.accepted) return 'terms';
  return row.cap !== null && (row.spend ?? 0) >= row.cap ? 'cap' : 'allowed';
}

/** A plain read may price with what this isolate read of its variants a moment ago (RECENT_FACTS_MS). */
export type Freshness = 'fresh' | 'recent';

/** A basket priced: its Cart entity, and whether an employee-only promotion priced it (orders count that, 0041). */
interface PricedBasket {
  cart: CartEntity;
  employeeDiscount: boolean;
}

/** The Cart entity for an answer, priced with the site's running promotions; a refusal throws its code. */
async function priceBasket(deps: ServiceDeps, shopper: Shopper, locale: Locale, change: BasketChange, freshness: Freshness = 'fresh'): Promise<PricedBasket> {
  const { result } = change;
  if (!result.ok) throwRefusal(result);
  const db = deps.env.DB;
  const claims = shopper.claims;
  const employee = claims?.type === 'registered' && claims.consumerType === 'EMPLOYEE' ? await employeeDiscount(db, claims.consumerNo) : null;
  const promotions = await activePromotions(db, result.state.owner.siteId);
  const known =
    change.known ??
    (freshness === 'recent' ? recentVariantFacts(locale, [...result.state.lines.map((line) => line.variantId), ...giftVariantIds(promotions)]) : undefined);
  const athlete = await athleteAllowance(db, claims);
  const { cart, deliveryCodes } = await cartEntity(db, locale, {
    state: result.state,
    shopper: { registered: claims?.type === 'registered', employee: employee === 'allowed' },
    promotions,
    known,
    favStoreId: shopper.favStoreId,
    athleteAllowance: athlete,
    taxService: taxServiceFor(deps.env),
  });
  if (employee === 'terms' || employee === 'cap') {
    const t = translator(locale.lang, locale.tag);
    cart.flash.push(
      employee === 'terms'
        ? { type: 'EmployeeTermsNotAccepted', message: t('cart.employeeTerms') }
        : { type: 'EmployeeAllowanceUsed', message: t('cart.employeeCap') },
    );
  }
  // The basket remembers each line's delivery, so the next answer can say when one changed on its own.
  const changed = Object.entries(deliveryCodes).some(([lineId, code]) => result.state.deliveries[lineId]?.lastCode !== code);
  if (changed) await cartStub(deps.env, result.state.basketId).recordDeliveries(callerOf(shopper), deliveryCodes);
  return { cart, employeeDiscount: employee === 'allowed' && appliesEmployeeOnly(cart, promotions) };
}

/** Whether one of the site's employee-only promotions is among those that priced the cart. */
function appliesEmployeeOnly(cart: CartEntity, promotions: readonly Promotion[]): boolean {
  const employeeOnly = new Set(promotions.filter((promotion) => audienceOf(promotion) === 'EMPLOYEE').map((promotion) => promotion.id));
  const applied = [...cart.orderPromotions, ...cart.shippingPromotions, ...cart.items.flatMap((item) => item.productPromotions)];
  return applied.some((promotion) => employeeOnly.has(promotion.promotionId));
}

/** The header's count on every tab and page, cached pages included: a number, nothing that names anyone. */
export function cartCountCookie(count: number): CookieChange {
  return { name: CART_COUNT_COOKIE, value: String(count), options: { ...STORE_COOKIE, maxAge: 30 * 24 * 60 * 60 } };
}

/**
 * The priced Cart entity and the cookies its answer sets: the header's count, when the basket is the
 * shopper's cart (not a product page's wallet basket or a reservation).
 */
export async function pricedCart(
  deps: ServiceDeps,
  shopper: Shopper,
  locale: Locale,
  change: BasketChange,
  freshness: Freshness = 'fresh',
): Promise<PricedBasket & { cookies: CookieChange[] }> {
  const priced = await priceBasket(deps, shopper, locale, change, freshness);
  const basketId = change.result.ok ? change.result.state.basketId : undefined;
  const ownCart = !shopper.claims?.basketId || shopper.claims.basketId === basketId;
  return { ...priced, cookies: ownCart ? [cartCountCookie(priced.cart.totalItems)] : [] };
}

/**
 * An athlete's rewards wait until their allowance is used up (commerce-core §5): while some of it is left
 * to pay, API409 at `field`. Answers the cookie changes pricing the basket to find out brought.
 */
export async function allowanceUsedFirst(deps: ServiceDeps, shopper: Shopper, locale: Locale, current: BasketChange, field: string): Promise<CookieChange[]> {
  if (!(await athleteAllowance(deps.env.DB, shopper.claims))) return [];
  const { cart, cookies } = await pricedCart(deps, shopper, locale, current);
  if ((cart.athletePayment?.remainingAmount ?? 0) - (cart.athletePayment?.applied ?? 0) > 0) {
    throw new HttpError('API409', 'Rewards can pay once your athlete allowance is used up: pay with it first.', [
      { field, message: 'Use your athlete allowance first.' },
    ]);
  }
  return cookies;
}
