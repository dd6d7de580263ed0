// /{locale}/cart: the shopper's basket (commerce-core §3; account-content §3, §5). Every action is a plain
// form that works without JavaScript: change a quantity, remove a line, apply or remove a coupon. Notices
// stand where the spec puts them: the cart's at the top, an item's at its line, a coupon's at its input.

import { formatMoney } from '../../../shared/commerce/money.ts';
import type { Block, RecommendedProduct } from '../../../shared/content/blocks.ts';
import { paths } from '../../../shared/routes.ts';
import { FormNotice } from '../../../shared/ui/form.tsx';
import type { LoyaltyVoucher } from '../../commerce/cart/loyalty.ts';
import type { MemberReward } from '../../commerce/cart/reward-instruments.ts';
import type { CartEntity } from '../../commerce/cart/service.ts';
import type { CatalogIndex } from '../../commerce/catalog/catalog-index.ts';
import type { ListPage } from '../../commerce/lists/service.ts';
import type { CollectionPoint, StoreResult } from '../../commerce/stores/search.ts';
import { ContentBlocks } from '../components/ContentBlocks.tsx';
import { usePage } from '../page-context.tsx';
import { CartLine } from './CartLine.tsx';
import { CartSummary } from './CartSummary.tsx';
import { SavedForLater } from './SavedForLater.tsx';

export interface CartPageState {
  cart: CartEntity | null;
  /** A registered shopper with a default address and a saved card may go straight to the review step. */
  express?: boolean;
  /** The saved-for-later list under the cart; null where lists are not kept (a store device). */
  saved: ListPage | null;
  /** A signed-in member's points and the vouchers they buy; null for anyone else. */
  loyalty?: { points: number; vouchers: LoyaltyVoucher[]; rewards: MemberReward[] } | null;
  /** The rewards form's refusal. */
  rewardError?: string | undefined;
  /** The reward code or card form's refusal. */
  rewardInstrumentError?: string | undefined;
  /** What shoppers bought with the cart's first item (widgetRecommendations' bought-together), and the index its cards link with. */
  recommended?: { products: RecommendedProduct[]; index: CatalogIndex } | undefined;
  /** The cart's content slot (account-content §2 espots: cart): delivery and help notes the marketers keep. */
  espot?: { blocks: Block[]; index: CatalogIndex } | undefined;
  /** Stores near a place the shopper gave for one line, with that line's stock in each. */
  storeSearch?: { lineId: string; query: string; stores: StoreResult[] } | undefined;
  /** Pickup points near a place the shopper gave, for the home shipment. */
  pointSearch?: { query: string; points: CollectionPoint[] } | undefined;
  /** The cart's notice (top level): a refused add, an expired cart. */
  notice?: string | undefined;
  /** An item's refusal, at its line (a cart line's id, or a saved item's). */
  itemErrors?: Record<string, string>;
  /** The coupon input's refusal, and what the shopper typed. */
  coupon?: { code: string; error: string } | undefined;
  /** The gift card form's answer: a refusal at its field (the number is never shown back), or a balance. */
  giftCard?: { field: 'cardNumber' | 'pin'; error: string } | { balance: string } | undefined;
}

/** Flash types said at the top of the cart; the others belong to a line. */
const TOP_LEVEL = new Set(['ItemsMerged', 'ITEMS_OOS', 'GFO404', 'TAX309', 'CartExpired', 'EmployeeTermsNotAccepted', 'EmployeeAllowanceUsed']);

export function CartPage({ state }: { state: CartPageState }) {
  const { t, locale } = usePage();
  const { cart } = state;
  const base = paths.cart(locale.code);
  const money = (minor: number) => formatMoney(minor, cart?.currency ?? locale.site.currency, locale.tag);
  const notices = [
    ...(state.notice ? [state.notice] : []),
    ...(cart?.flash ?? [])
      .filter((f) => TOP_LEVEL.has(f.type))
      .map((f) => (f.type === 'CartExpired' ? t('cart.expired') : f.type === 'ItemsMerged' ? t('cart.merged') : f.message)),
  ];
  if (!cart || cart.items.length === 0) return <EmptyCart notices={notices} state={state} base={base} money={money} />;
  return (
    <div className="page cart">
      <h1>
        {t('cart.title')} <span className="cart__count">{t('cart.units', { count: cart.totalItems })}</span>
      </h1>
      <div aria-live="polite">
        {notices.map((text) => (
          <FormNotice key={text} kind={state.notice === text ? 'error' : text === t('cart.merged') || text === t('cart.expired') ? 'success' : 'info'}>
            <p>{text}</p>
          </FormNotice>
        ))}
      </div>
      <div className="cart__layout">
        <section aria-labelledby="cart-items-title">
          <h2 id="cart-items-title" className="sr-only">
            {t('cart.items')}
          </h2>
          <ul className="cart__lines">
            {cart.items.map((item) => (
              <CartLine
                key={item.id}
                item={item}
                base={base}
                money={money}
                error={state.itemErrors?.[item.id]}
                flash={cart.flash}
                lists={state.saved !== null}
                basketId={cart.basketId}
                storeSearch={state.storeSearch?.lineId === item.id ? state.storeSearch : undefined}
              />
            ))}
          </ul>
          <SavedForLater saved={state.saved} base={base} money={money} errors={state.itemErrors} />
          <CartEspot espot={state.espot} />
          {state.recommended && state.recommended.products.length > 0 ? (
            <div className="cart__reco">
              <ContentBlocks
                items={[{ type: 'ProductRecommendations', id: 'cart-together', title: t('cart.together'), products: state.recommended.products }]}
                index={state.recommended.index}
                search=""
              />
            </div>
          ) : null}
        </section>
        <CartSummary cart={cart} state={state} base={base} money={money} />
      </div>
    </div>
  );
}

/** No lines: what the refusal or the expiry said, the way back into the store, and the saved items still there. */
function EmptyCart({ notices, state, base, money }: { notices: string[]; state: CartPageState; base: string; money: (minor: number) => string }) {
  const { t, locale } = usePage();
  return (
    <div className="page cart">
      <h1>{t('cart.title')}</h1>
      {notices.map((text) => (
        <FormNotice key={text} kind="error">
          <p>{text}</p>
        </FormNotice>
      ))}
      <div className="cart__empty">
        <p className="cart__empty-title">{t('cart.empty')}</p>
        <p>{t('cart.emptyHint')}</p>
        <a className="button button--primary" href={`/${locale.code}`}>
          {t('cart.continueShopping')}
        </a>
      </div>
      <SavedForLater saved={state.saved} base={base} money={money} errors={state.itemErrors} />
      <CartEspot espot={state.espot} />
    </div>
  );
}

function CartEspot({ espot }: { espot: CartPageState['espot'] }) {
  if (!espot) return null;
  return (
    <div className="espot espot--cart">
      <ContentBlocks items={espot.blocks} index={espot.index} part="espot:cart" />
    </div>
  );
}
