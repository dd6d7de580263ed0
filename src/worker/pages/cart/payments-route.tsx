// The cart's plain-form posts for what pays part of it or takes some off: coupons, gift cards (and a card's
// balance), a member's points and reward codes or cards. Each refusal is said at the form it came from.

import type { Context } from 'hono';
import { formatMoney } from '../../../shared/commerce/money.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { paths } from '../../../shared/routes.ts';
import { applyCoupon, currentBasket, removeCoupon } from '../../commerce/cart/basket.ts';
import { applyGiftCard, applyReward, removeGiftCard } from '../../commerce/cart/instruments.ts';
import { applyRewardInstrument, type RewardKind } from '../../commerce/cart/reward-instruments.ts';
import { throwRefusal } from '../../commerce/cart/service.ts';
import { shopperOf } from '../../commerce/from-request.ts';
import { maskedNumber } from '../../commerce/gift-cards/cards.ts';
import { giftCardBalance } from '../../commerce/gift-cards/service.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { depsOf } from '../../lib/http-deps.ts';
import { HttpError } from '../../lib/http-error.ts';
import { ensureSession } from '../../middleware/session.ts';
import { formRefusal } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { cartView, change, type Refusal } from './cart-view.tsx';

export async function cartCouponApply(c: Context<AppEnv>): Promise<Response> {
  const { fields } = await readForm(c);
  const code = (fields.code ?? '').trim();
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  if (!code) return cartView(c, { coupon: { code, error: t('validation.required') } }, 400);
  if (code.length > 32) return cartView(c, { coupon: { code: code.slice(0, 32), error: t('error.couponInvalid') } }, 400);
  return change(
    c,
    (basketId) => applyCoupon(depsOf(c), shopperOf(c), basketId, code),
    (message) => ({ coupon: { code, error: message } }),
  );
}

export async function cartCouponRemove(c: Context<AppEnv>): Promise<Response> {
  const { fields } = await readForm(c);
  return change(
    c,
    (basketId) => removeCoupon(depsOf(c), shopperOf(c), basketId, fields.code ?? ''),
    (message) => ({ coupon: { code: fields.code ?? '', error: message } }),
  );
}

/** Where a gift card refusal belongs: the field the service named, else the number. */
function giftCardRefusal(c: Context<AppEnv>, error: unknown): { status: number; state: Refusal } {
  const { status, notice } = formRefusal(c, error);
  const named = error instanceof HttpError ? error.details?.[0]?.field : undefined;
  return { status, state: { giftCard: { field: named === 'pin' ? 'pin' : 'cardNumber', error: notice } } };
}

export async function cartGiftCardApply(c: Context<AppEnv>): Promise<Response> {
  const { fields } = await readForm(c);
  const input = { cardNumber: fields.cardNumber ?? '', pin: (fields.pin ?? '').trim() };
  try {
    const basket = await currentBasket(depsOf(c), shopperOf(c));
    if (!basket?.ok) throw new HttpError('BSK404');
    const { result } = await applyGiftCard(depsOf(c), shopperOf(c), basket.state.basketId, input);
    if (!result.ok) throwRefusal(result);
  } catch (error) {
    const refused = giftCardRefusal(c, error);
    return cartView(c, refused.state, refused.status);
  }
  return c.redirect(paths.cart(c.get('locale').code), 303);
}

export async function cartGiftCardBalance(c: Context<AppEnv>): Promise<Response> {
  const { fields } = await readForm(c);
  const locale = c.get('locale');
  try {
    await ensureSession(c);
    const card = await giftCardBalance(depsOf(c), shopperOf(c), locale, { cardNumber: fields.cardNumber ?? '', pin: (fields.pin ?? '').trim() });
    const t = translator(locale.lang, locale.tag);
    return cartView(c, {
      giftCard: { balance: t('cart.giftCardHas', { card: maskedNumber(card.last4), balance: formatMoney(card.balance, card.currency, locale.tag) }) },
    });
  } catch (error) {
    const refused = giftCardRefusal(c, error);
    return cartView(c, refused.state, refused.status);
  }
}

export async function cartGiftCardRemove(c: Context<AppEnv>): Promise<Response> {
  const instrumentId = c.req.param('instrumentId') ?? '';
  return change(
    c,
    (basketId) => removeGiftCard(depsOf(c), shopperOf(c), basketId, instrumentId),
    (message) => ({ notice: message }),
  );
}

/** A voucher onto the cart (points), or off it (empty). */
export async function cartReward(c: Context<AppEnv>): Promise<Response> {
  const { fields } = await readForm(c);
  const points = fields.points ? Number(fields.points) : null;
  return change(
    c,
    (basketId) => applyReward(depsOf(c), shopperOf(c), apiLocale(c, {}), basketId, points !== null && Number.isInteger(points) ? points : null),
    (message) => ({ rewardError: message }),
  );
}

/** A reward code or card onto the cart: one of the member's listed ones, or typed (a card's number is all digits). */
export async function cartRewardInstrument(c: Context<AppEnv>): Promise<Response> {
  const { fields } = await readForm(c);
  const listed = /^(REWARD_CODE|REWARD_CARD):([\w-]{1,64})$/.exec(fields.reward ?? '');
  const typed = (fields.code ?? '').trim();
  const kind = listed ? (listed[1] as RewardKind) : /^[\d\s-]+$/.test(typed) ? 'REWARD_CARD' : 'REWARD_CODE';
  return change(
    c,
    (basketId) => applyRewardInstrument(depsOf(c), shopperOf(c), apiLocale(c, {}), basketId, listed ? { kind, rewardId: listed[2] } : { kind, code: typed }),
    (message) => ({ rewardInstrumentError: message }),
  );
}
