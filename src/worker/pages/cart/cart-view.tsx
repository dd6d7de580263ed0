// The cart page as each of its routes answers it: the shopper's basket with their saved items, rewards and
// recommendations, and a refused change said where it belongs with the catalogue's status. The page is the
// shopper's own: private, never stored.

import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { CART_COUNT_COOKIE } from '../../../shared/commerce/cart-count.ts';
import { SAVE_FOR_LATER_PAGE_SIZE } from '../../../shared/commerce/commerce-config.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { paths } from '../../../shared/routes.ts';
import { currentBasket } from '../../commerce/cart/basket.ts';
import type { BasketChange } from '../../commerce/cart/caller.ts';
import { type LoyaltyVoucher, loyaltyStanding, vouchersFor } from '../../commerce/cart/loyalty.ts';
import { type MemberReward, memberRewards } from '../../commerce/cart/reward-instruments.ts';
import { throwRefusal, unitsIn } from '../../commerce/cart/service.ts';
import { catalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { today } from '../../commerce/catalog/service.ts';
import { recommendations } from '../../commerce/catalog/tools.ts';
import { expressCheckoutReady } from '../../commerce/checkout/checkout-shopper.ts';
import { applyCookies, pricedCartOf, setCartCount, shopperOf } from '../../commerce/from-request.ts';
import { listsAllowed, sessionList } from '../../commerce/lists/from-request.ts';
import { listPage } from '../../commerce/lists/service.ts';
import { paymentProviderFor } from '../../commerce/payments/choose.ts';
import type { AppEnv } from '../../env.ts';
import { depsOf } from '../../lib/http-deps.ts';
import { HttpError } from '../../lib/http-error.ts';
import { loadEspot } from '../cms/espot.ts';
import { formRefusal } from '../form-errors.ts';
import { renderPage } from '../render.tsx';
import { CartPage, type CartPageState } from './CartPage.tsx';

/** What a refused change adds to the page: where the refusal is said, and what the shopper searched for. */
export type Refusal = Omit<CartPageState, 'cart' | 'saved' | 'loyalty' | 'recommended'>;

const CART_RECOMMENDATIONS = 4;

export async function cartView(c: Context<AppEnv>, refusal: Refusal = {}, status = 200): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const basket = await currentBasket(depsOf(c), shopperOf(c));
  const [cart, saved, loyalty, express, espotBlocks, index] = await Promise.all([
    basket ? pricedCartOf(c, locale, { result: basket }) : null,
    listsAllowed(c) ? sessionList(c, 'save_for_later').then((listId) => listPage(c.env.DB, locale, listId, 0, SAVE_FOR_LATER_PAGE_SIZE)) : null,
    memberLoyalty(c, locale),
    expressAvailable(c),
    loadEspot(c, 'cart'),
    catalogIndex(c.env.DB, c.get('logger')),
  ]);
  const espot = espotBlocks.length > 0 ? { blocks: espotBlocks, index } : undefined;
  // What goes with the first item, leaving out what the cart already holds; the page goes on without it.
  const first = cart?.items[0];
  const recommended = first
    ? await Promise.all([recommendations(c.env.DB, locale, first.productId, 'bought-together', CART_RECOMMENDATIONS + cart.items.length)])
        .then(([products]) => ({
          products: products.filter((p) => !cart.items.some((item) => item.productId.startsWith(p.productId))).slice(0, CART_RECOMMENDATIONS),
          index,
        }))
        .catch((error: unknown) => {
          c.get('logger').warn('cart recommendations failed', { error: String(error) });
          return undefined;
        })
    : undefined;
  // A count left from a basket that has since gone (expired, signed out elsewhere) is put right.
  if (!cart && getCookie(c, CART_COUNT_COOKIE)) setCartCount(c, 0);
  const response = await renderPage(c, {
    status: status as 200,
    meta: {
      title: `${t('cart.title')} | ${t('brand.name')}`,
      description: t('cart.emptyHint'),
      pageType: 'cart',
      styles: ['cart'],
      canonical: paths.cart(locale.code),
      // The cart is an entry point like any other (a crawler sees the empty cart); the answer to a refused post is not.
      ...(status === 200 ? {} : { robots: 'noindex' }),
    },
    body: <CartPage state={{ cart, saved, loyalty, express, recommended, espot, ...refusal }} />,
    fallback: () => null,
  });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

/** Express checkout (commerce-core §4) is offered to a registered shopper with a default address and a saved card. */
async function expressAvailable(c: Context<AppEnv>): Promise<boolean> {
  const claims = c.get('session')?.claims;
  if (claims?.type !== 'registered' || !claims.consumerNo) return false;
  return expressCheckoutReady(c.env.DB, claims.consumerNo, paymentProviderFor(c.env).name);
}

/** Runs a change on the session's basket; back to the cart when it works, the cart with `place(message)` when refused. */
export async function change(c: Context<AppEnv>, run: (basketId: string) => Promise<BasketChange>, place: (message: string) => Refusal): Promise<Response> {
  try {
    const basket = await currentBasket(depsOf(c), shopperOf(c));
    // The basket is gone (expired, or the session changed): the page says so rather than changing another.
    if (!basket?.ok) throw new HttpError('BSK404');
    const { result, cookies } = await run(basket.state.basketId);
    applyCookies(c, cookies ?? []);
    if (!result.ok) throwRefusal(result);
    setCartCount(c, unitsIn(result.state));
  } catch (error) {
    const { status, notice } = formRefusal(c, error);
    return cartView(c, place(notice), status);
  }
  return c.redirect(paths.cart(c.get('locale').code), 303);
}

/** A signed-in member's points and vouchers, for the cart's rewards; null for guests and non-members. */
async function memberLoyalty(c: Context<AppEnv>, locale: Locale): Promise<{ points: number; vouchers: LoyaltyVoucher[]; rewards: MemberReward[] } | null> {
  const claims = c.get('session')?.claims;
  if (claims?.type !== 'registered') return null;
  try {
    const standing = await loyaltyStanding(c.env.DB, claims);
    // An unconfirmed member sees no rewards to use: the refusal (REW135) would be all they got.
    const rewards = standing.confirmed && claims.consumerNo ? await memberRewards(c.env.DB, claims.consumerNo, locale.site.currency, today()) : [];
    return { points: standing.points, vouchers: vouchersFor(standing, locale.site.currency, locale.tag), rewards };
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
}
