// /{locale}/cart: the shopper's basket (commerce-core §3; account-content §3, §5). Every action is a plain
// form that works without JavaScript: change a quantity, remove a line, apply or remove a coupon. Notices
// stand where the spec puts them: the cart's at the top, an item's at its line, a coupon's at its input.

import { GIFT_MESSAGE_MAX, GIFT_TO_MAX } from '../../../shared/commerce/commerce-config.ts';
import type { CartLineDelivery } from '../../../shared/commerce/delivery.ts';
import { formatMoney } from '../../../shared/commerce/money.ts';
import type { RecommendedProduct } from '../../../shared/content/blocks.ts';
import { paths } from '../../../shared/routes.ts';
import { FormNotice, TextField } from '../../../shared/ui/form.tsx';
import { hoursToday, StoreFacts } from '../../../shared/ui/StoreFacts.tsx';
import type { LoyaltyVoucher } from '../../commerce/cart/loyalty.ts';
import { paymentMethodsFor } from '../../commerce/cart/payment-methods.ts';
import type { MemberReward } from '../../commerce/cart/reward-instruments.ts';
import type { CartEntity } from '../../commerce/cart/service.ts';
import type { CatalogIndex } from '../../commerce/catalog/catalog-index.ts';
import type { ListPage } from '../../commerce/lists/service.ts';
import { payLaterPlan } from '../../commerce/payments/pay-later.ts';
import type { CollectionPoint, StoreResult } from '../../commerce/stores/search.ts';
import { ContentBlocks } from '../components/ContentBlocks.tsx';
import { PostButton } from '../components/PostButton.tsx';
import { usePage } from '../page-context.tsx';
import { instrumentLabel, isReward } from './instrument-label.ts';

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
const TOP_LEVEL = new Set(['ItemsMerged', 'CartExpired', 'EmployeeTermsNotAccepted', 'EmployeeAllowanceUsed']);

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
  if (!cart || cart.items.length === 0) {
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
      </div>
    );
  }
  const { totals } = cart;
  // What the shopper is close to ("Spend $12 more for free shipping"), then what they have reached.
  const reached = cart.promoSummary.filter((entry) => entry.thresholdStatus !== 'Below Threshold');
  const callouts = [
    ...cart.approachingPromotions.map((p) => ({ id: p.promotionId, text: p.calloutMsg, reached: false })),
    ...reached.map((p) => ({ id: p.promotionId, text: p.calloutMessage, reached: true })),
  ];
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
        <aside className="cart__summary" aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title">{t('cart.summary')}</h2>
          {callouts.map((callout) => (
            <p key={callout.id} className={`cart__callout${callout.reached ? ' cart__callout--reached' : ''}`}>
              {callout.text}
            </p>
          ))}
          <HomeDelivery cart={cart} base={base} money={money} pointSearch={state.pointSearch} />
          <form className="cart__coupon" method="post" action={`${base}/coupon`}>
            <TextField
              id="cart-coupon"
              name="code"
              label={t('cart.couponLabel')}
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={32}
              defaultValue={state.coupon?.code ?? ''}
              error={state.coupon?.error}
            />
            <button className="button button--secondary" type="submit">
              {t('cart.apply')}
            </button>
          </form>
          {state.loyalty ? (
            <Rewards cart={cart} base={base} money={money} loyalty={state.loyalty} error={state.rewardError} instrumentError={state.rewardInstrumentError} />
          ) : null}
          <GiftCards cart={cart} base={base} money={money} answer={state.giftCard} />
          {cart.couponItems.length > 0 ? (
            <ul className="cart__coupons">
              {cart.couponItems.map((coupon) => (
                <li key={coupon.code}>
                  <span>
                    <strong>{coupon.code}</strong> {coupon.applied ? t('cart.couponApplied') : t('cart.couponNotApplied')}
                  </span>
                  <PostButton action={`${base}/coupon/remove`} fields={{ code: coupon.code }} label={t('cart.removeCoupon', { code: coupon.code })}>
                    {t('cart.remove')}
                  </PostButton>
                </li>
              ))}
            </ul>
          ) : null}
          <dl className="cart__totals">
            <div>
              <dt>{t('cart.subtotal')}</dt>
              <dd>{money(totals.itemSubTotal)}</dd>
            </div>
            {cart.orderPromotions.map((promotion) => (
              <div key={promotion.promotionId} className="cart__discount">
                <dt>{promotion.promotionName}</dt>
                <dd>−{money(promotion.amount)}</dd>
              </div>
            ))}
            <div className={totals.shipping === 0 ? 'cart__discount' : undefined}>
              <dt>{t('cart.shipping')}</dt>
              <dd>{totals.shipping === 0 ? t('cart.free') : money(totals.shipping)}</dd>
            </div>
            <div>
              <dt>{totals.taxIncluded ? t('cart.taxIncluded') : t('cart.tax')}</dt>
              {/* Sales tax follows the delivery address, which checkout asks for, or the pickup store's state when
                  nothing goes home; VAT is in the prices already. */}
              <dd>{totals.taxIncluded || totals.tax > 0 || cart.shippingAddress ? money(totals.tax) : t('cart.shippingAtCheckout')}</dd>
            </div>
            {totals.totalDiscount > 0 ? (
              <div className="cart__discount">
                <dt>{t('cart.youSave')}</dt>
                <dd>
                  {money(totals.totalDiscount)} ({t('cart.percent', { percent: totals.totalDiscountPercentage })})
                </dd>
              </div>
            ) : null}
            <div className="cart__total">
              <dt>{t('cart.total')}</dt>
              <dd>{money(totals.total)}</dd>
            </div>
            {cart.totals.appliedRewards.map((reward) => (
              <div key={reward.points} className="cart__discount">
                <dt>{t('cart.rewardPaid', { points: reward.points })}</dt>
                <dd>−{money(reward.amount)}</dd>
              </div>
            ))}
            {cart.payment_instruments.map((instrument) => (
              <div key={instrument.payment_instrument_id} className="cart__discount">
                <dt>{instrumentLabel(t, instrument)}</dt>
                <dd>−{money(instrument.amount)}</dd>
              </div>
            ))}
            {cart.payment_instruments.length > 0 || cart.totals.appliedRewards.length > 0 ? (
              <div className="cart__total">
                <dt>{t('cart.remainingToPay')}</dt>
                <dd>{money(totals.remainingToPay)}</dd>
              </div>
            ) : null}
          </dl>
          <PayLaterTeaser amount={totals.remainingToPay} currency={cart.currency} />
          <a className="button button--primary cart__checkout" href={paths.checkout(locale.code)}>
            {t('cart.checkout')}
          </a>
          {state.express ? (
            <a className="button button--secondary cart__checkout" href={`${paths.checkout(locale.code)}?express=1`}>
              {t('cart.expressCheckout')}
            </a>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

/** Item-level flash said at the line (commerce-core §8, notification level "item"). */
const ITEM_FLASH = {
  ProductItemNotAvailable: 'cart.itemUnavailable',
  NO_PRICE: 'error.noPrice',
  ProductLineItemFullInventoryMissing: 'error.outOfStock',
  ProductLineItemInventoryMissing: 'cart.lowStock',
} as const;

function CartLine({
  item,
  base,
  money,
  error,
  flash,
  lists,
  basketId,
  storeSearch,
}: {
  item: CartPageItem;
  basketId: string;
  base: string;
  money: (minor: number) => string;
  error: string | undefined;
  flash: CartEntity['flash'];
  /** Whether the shopper's lists are kept here (not on a store device). */
  lists: boolean;
  storeSearch?: CartPageState['storeSearch'];
}) {
  const { t } = usePage();
  if (item.bonus) return <GiftItem item={item} money={money} />;
  const notices = flash.flatMap((f) => {
    if (f.itemId !== item.id) return [];
    if (f.type in ITEM_FLASH) return [t(ITEM_FLASH[f.type as keyof typeof ITEM_FLASH])];
    // A delivery that changed on its own since the last visit (commerce-core §4): said at its line, in the page's language.
    return f.type.endsWith('Transition') ? [f.message] : [];
  });
  const qtyId = `qty-${item.id}`;
  const described = [error ? `${qtyId}-error` : null, notices.length > 0 ? `${qtyId}-notice` : null].filter(Boolean).join(' ') || undefined;
  const reduced = item.price.priceAfterItemDiscount < item.price.rowTotal;
  return (
    <li className="cart-line">
      <div className="cart-line__image">
        <img src={item.productImageURL} alt="" width="120" height="120" loading="lazy" decoding="async" />
      </div>
      <div className="cart-line__body">
        <h3 className="cart-line__name">
          <a href={item.pdpUrl}>{item.name}</a>
        </h3>
        <p className="cart-line__variant">
          {item.variants.color} · {item.isDigitalProduct ? t('product.amount') : t('product.size')} {item.variants.size}
          {item.variants.width ? ` · ${item.variants.width}` : ''}
        </p>
        {item.giftOption ? (
          <div className="cart-line__gift">
            <p>{t('gift.sentTo', { to: item.giftOption.to, email: item.giftOption.email })}</p>
            <blockquote className="cart-line__gift-message">{item.giftOption.message}</blockquote>
          </div>
        ) : null}
        {item.isDigitalProduct ? <GiftOptionPanel item={item} base={base} /> : null}
        <p className="cart-line__unit">{t('cart.each', { price: money(item.price.current) })}</p>
        {notices.length > 0 ? (
          <p className="cart-line__notice" id={`${qtyId}-notice`}>
            {notices.join(' ')}
          </p>
        ) : null}
        <div className="cart-line__actions">
          <form className="cart-line__qty" method="post" action={`${base}/items/${item.id}`}>
            <label htmlFor={qtyId}>{t('cart.quantity')}</label>
            <input
              id={qtyId}
              name="qty"
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.max(item.maxQty, item.qty)}
              defaultValue={item.qty}
              aria-invalid={error ? true : undefined}
              aria-describedby={described}
            />
            <button className="button button--secondary button--small" type="submit" aria-label={t('cart.updateQuantity', { name: item.name })}>
              {t('cart.update')}
            </button>
          </form>
          <PostButton action={`${base}/items/${item.id}/remove`} label={t('cart.removeItem', { name: item.name })}>
            {t('cart.remove')}
          </PostButton>
          <EditLink
            pdpUrl={item.pdpUrl}
            variantId={item.productId}
            target={`line:${basketId}:${item.id}`}
            qty={item.qty}
            name={item.name}
            amount={item.isDigitalProduct}
          />
          {lists ? (
            <>
              <PostButton action={`${base}/items/${item.id}/save`} label={t('cart.saveItem', { name: item.name })}>
                {t('cart.saveForLater')}
              </PostButton>
              <PostButton action={`${base}/items/${item.id}/favorite`} label={t('cart.favoriteItem', { name: item.name })}>
                {t('cart.moveToFavorites')}
              </PostButton>
            </>
          ) : null}
        </div>
        {error ? (
          <p className="field__error" id={`${qtyId}-error`}>
            {error}
          </p>
        ) : null}
        {item.shippingOptions ? <LineDelivery item={item} base={base} basketId={basketId} money={money} storeSearch={storeSearch} /> : null}
      </div>
      <p className="cart-line__price">
        {reduced ? (
          <>
            <s>
              <span className="sr-only">{t('price.original')} </span>
              {money(item.price.rowTotal)}
            </s>{' '}
          </>
        ) : null}
        <span className={reduced ? 'cart-line__sale' : undefined}>{money(item.price.priceAfterItemDiscount)}</span>
      </p>
    </li>
  );
}

/**
 * Another size for a cart line or a saved item: the product page without script; with it, the quick-shop
 * dialog showing the item's size, whose button changes the item in place (commerce-core §2, update-in-cart).
 */
function EditLink(props: { pdpUrl: string; variantId: string; target: string; qty: number; name: string; amount?: boolean }) {
  const { t } = usePage();
  // The product page's address ends with the colour's id, which the dialog opens.
  const colourId = /-([A-Z0-9]{8})$/.exec(props.pdpUrl)?.[1];
  if (!colourId) return null;
  const label = props.amount ? t('cart.editAmount') : t('cart.edit');
  return (
    <a
      className="link-button"
      href={props.pdpUrl}
      data-quick-shop={colourId}
      data-quick-shop-update={props.target}
      data-quick-shop-variant={props.variantId}
      data-quick-shop-qty={props.qty}
      aria-label={`${label}: ${props.name}`}
      aria-haspopup="dialog"
    >
      {label}
    </a>
  );
}

/** The saved-for-later list under the cart: back to the cart, or off the list. */
function SavedForLater({
  saved,
  base,
  money,
  errors,
}: {
  saved: ListPage | null;
  base: string;
  money: (minor: number) => string;
  errors: Record<string, string> | undefined;
}) {
  const { t } = usePage();
  if (!saved || saved.total === 0) return null;
  return (
    <section className="cart__saved" aria-labelledby="cart-saved-title">
      <h2 id="cart-saved-title">{t('cart.savedTitle', { count: saved.total })}</h2>
      <ul className="cart__lines">
        {saved.items.map((item) => {
          const error = errors?.[item.itemId];
          return (
            <li key={item.itemId} className="cart-line">
              <div className="cart-line__image">
                <img src={item.productImageURL} alt="" width="120" height="120" loading="lazy" decoding="async" />
              </div>
              <div className="cart-line__body">
                <h3 className="cart-line__name">
                  <a href={item.pdpUrl}>{item.name}</a>
                </h3>
                <p className="cart-line__variant">
                  {item.colour}
                  {item.size ? ` · ${t('product.size')} ${item.size}` : ''} · {t('minicart.quantity', { count: item.qty })}
                </p>
                {item.available ? null : <p className="cart-line__notice">{t('cart.savedUnavailable')}</p>}
                <div className="cart-line__actions">
                  <PostButton
                    action={`${base}/saved/${item.itemId}/move`}
                    className="button button--secondary button--small"
                    disabled={!item.available}
                    describedBy={error ? `saved-${item.itemId}-error` : undefined}
                  >
                    {t('cart.moveToCart')}
                  </PostButton>
                  <PostButton action={`${base}/saved/${item.itemId}/remove`} label={t('cart.removeItem', { name: item.name })}>
                    {t('cart.remove')}
                  </PostButton>
                  {saved.listId && item.available ? (
                    <EditLink pdpUrl={item.pdpUrl} variantId={item.productId} target={`saved:${saved.listId}:${item.itemId}`} qty={item.qty} name={item.name} />
                  ) : null}
                </div>
                {error ? (
                  <p className="field__error" id={`saved-${item.itemId}-error`}>
                    {error}
                  </p>
                ) : null}
              </div>
              <p className="cart-line__price">{item.price.current === null ? '' : money(item.price.current * item.qty)}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The add gift option panel (commerce-core §2) on a gift card line: the recipient's name, email and message,
 * all three, or none to keep the card. A plain form, open where it is being filled in.
 */
function GiftOptionPanel({ item, base }: { item: CartEntity['items'][number]; base: string }) {
  const { t } = usePage();
  const gift = item.giftOption;
  const id = `gift-${item.id}`;
  return (
    <details className="cart-line__gift-option">
      <summary>{gift ? t('gift.edit') : t('gift.add')}</summary>
      <form className="gift-option__form" method="post" action={`${base}/items/${item.id}/gift`}>
        <p className="field__hint" id={`${id}-hint`}>
          {t('gift.hint')}
        </p>
        <TextField id={`${id}-to`} name="giftTo" label={t('gift.to')} defaultValue={gift?.to ?? ''} maxLength={GIFT_TO_MAX} autoComplete="off" />
        <TextField
          id={`${id}-email`}
          name="giftEmail"
          type="email"
          label={t('gift.email')}
          defaultValue={gift?.email ?? ''}
          maxLength={100}
          autoComplete="off"
        />
        <div className="field">
          <label className="field__label" htmlFor={`${id}-message`}>
            {t('gift.message')}
          </label>
          <textarea id={`${id}-message`} className="field__input" name="giftMessage" rows={3} maxLength={GIFT_MESSAGE_MAX} defaultValue={gift?.message ?? ''} />
        </div>
        <div className="form__actions">
          <button className="button button--secondary" type="submit">
            {t('gift.save')}
          </button>
          {gift ? (
            <button className="link-button" type="submit" name="remove" value="1">
              {t('gift.remove')}
            </button>
          ) : null}
        </div>
      </form>
    </details>
  );
}

/** Gift cards: apply one (or check its balance) with plain forms; applied ones with what each pays. */
function GiftCards({ cart, base, money, answer }: { cart: CartEntity; base: string; money: (minor: number) => string; answer: CartPageState['giftCard'] }) {
  const { t } = usePage();
  const refusal = answer && 'field' in answer ? answer : undefined;
  const giftCards = cart.payment_instruments.filter((instrument) => !isReward(instrument));
  return (
    <details className="cart__gift-cards" open={answer !== undefined || giftCards.length > 0}>
      <summary>{t('cart.giftCardTitle')}</summary>
      {giftCards.length > 0 ? (
        <ul className="cart__coupons">
          {giftCards.map((instrument) => (
            <li key={instrument.payment_instrument_id}>
              <span>
                {t('cart.giftCardPaid', { card: instrument.maskedGiftCertificateCode })}: {money(instrument.amount)}
              </span>
              <PostButton
                action={`${base}/gift-card/${instrument.payment_instrument_id}/remove`}
                label={t('cart.giftCardRemove', { card: instrument.maskedGiftCertificateCode })}
              >
                {t('cart.remove')}
              </PostButton>
            </li>
          ))}
        </ul>
      ) : null}
      {answer && 'balance' in answer ? (
        <p className="cart__callout cart__callout--reached" role="status">
          {answer.balance}
        </p>
      ) : null}
      <form className="cart__gift-card-form" method="post" action={`${base}/gift-card`}>
        <TextField
          id="cart-gift-card"
          name="cardNumber"
          label={t('cart.giftCardNumber')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={23}
          error={refusal?.field === 'cardNumber' ? refusal.error : undefined}
        />
        <TextField
          id="cart-gift-card-pin"
          name="pin"
          label={t('cart.giftCardPin')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          error={refusal?.field === 'pin' ? refusal.error : undefined}
        />
        <div className="form__actions">
          <button className="button button--secondary" type="submit">
            {t('cart.giftCardApply')}
          </button>
          <button className="link-button" type="submit" formAction={`${base}/gift-card/balance`}>
            {t('cart.giftCardBalance')}
          </button>
        </div>
      </form>
    </details>
  );
}

/** A member's points: choose a voucher to pay part of the cart, or take it off. */
function Rewards({
  cart,
  base,
  money,
  loyalty,
  error,
  instrumentError,
}: {
  cart: CartEntity;
  base: string;
  money: (minor: number) => string;
  loyalty: { points: number; vouchers: LoyaltyVoucher[]; rewards: MemberReward[] };
  error: string | undefined;
  instrumentError: string | undefined;
}) {
  const { t, locale } = usePage();
  const applied = cart.totals.appliedRewards[0];
  const usable = loyalty.vouchers.filter((voucher) => voucher.available);
  return (
    <section className="cart__rewards" aria-labelledby="cart-rewards-title">
      <h3 id="cart-rewards-title">{t('cart.rewardsTitle')}</h3>
      <p>{t('cart.rewardsPoints', { points: new Intl.NumberFormat(locale.tag).format(loyalty.points) })}</p>
      {applied ? (
        <form className="cart__reward-applied" method="post" action={`${base}/reward`}>
          <input type="hidden" name="points" value="" />
          <span>
            {t('cart.rewardPaid', { points: applied.points })}: {money(applied.amount)}
          </span>
          <button className="link-button" type="submit">
            {t('cart.remove')}
          </button>
        </form>
      ) : usable.length > 0 ? (
        <form method="post" action={`${base}/reward`}>
          <fieldset className="form__choices" aria-describedby={error ? 'cart-reward-error' : undefined}>
            <legend className="sr-only">{t('cart.rewardsTitle')}</legend>
            {usable.map((voucher, index) => (
              <label key={voucher.points} className="cart__reward-choice">
                <input type="radio" name="points" value={voucher.points} defaultChecked={index === 0} />
                {t('cart.rewardChoice', { amount: voucher.amountInCurrency, points: voucher.points })}
              </label>
            ))}
          </fieldset>
          <button className="button button--secondary" type="submit">
            {t('cart.rewardApply')}
          </button>
        </form>
      ) : (
        <p className="field__hint">{t('cart.rewardsNotYet')}</p>
      )}
      {error ? (
        <p className="field__error" id="cart-reward-error">
          {error}
        </p>
      ) : null}
      <RewardInstruments cart={cart} base={base} money={money} rewards={loyalty.rewards} error={instrumentError} />
    </section>
  );
}

/** A member's reward codes and cards: the one paying part of the cart, or theirs to choose from, or one typed in. */
function RewardInstruments({
  cart,
  base,
  money,
  rewards,
  error,
}: {
  cart: CartEntity;
  base: string;
  money: (minor: number) => string;
  rewards: MemberReward[];
  error: string | undefined;
}) {
  const { t } = usePage();
  const applied = cart.payment_instruments.find(isReward);
  const errorId = error ? 'cart-reward-code-error' : undefined;
  return (
    <div className="cart__reward-instruments">
      <h4>{t('cart.rewardInstruments')}</h4>
      {applied ? (
        <div className="cart__reward-applied">
          <span>
            {instrumentLabel(t, applied)}: {money(applied.amount)}
          </span>
          <PostButton
            action={`${base}/reward-instrument/${applied.payment_instrument_id}/remove`}
            label={t('cart.giftCardRemove', { card: instrumentLabel(t, applied) })}
          >
            {t('cart.remove')}
          </PostButton>
        </div>
      ) : (
        <>
          {rewards.length > 0 ? (
            <form method="post" action={`${base}/reward-instrument`}>
              <fieldset className="form__choices">
                <legend className="sr-only">{t('cart.rewardInstruments')}</legend>
                {rewards.map((reward, index) => (
                  <label key={reward.id} className="cart__reward-choice">
                    <input type="radio" name="reward" value={`${reward.kind}:${reward.id}`} defaultChecked={index === 0} />
                    {t('cart.rewardInstrumentChoice', { reason: reward.reason, code: reward.masked, balance: money(reward.balance) })}
                  </label>
                ))}
              </fieldset>
              <button className="button button--secondary" type="submit">
                {t('cart.rewardInstrumentApply')}
              </button>
            </form>
          ) : null}
          <form className="cart__gift-card-form" method="post" action={`${base}/reward-instrument`}>
            <TextField id="cart-reward-code" name="code" label={t('cart.rewardCodeLabel')} autoComplete="off" maxLength={24} error={error} />
            <div className="form__actions">
              <button className="button button--secondary" type="submit" aria-describedby={errorId}>
                {t('cart.rewardCodeApply')}
              </button>
            </div>
          </form>
        </>
      )}
    </div>
  );
}

/** "Today", or "In 3–5 days": a delivery time as the shopper reads it. */
function useDeliveryTime(): (deliveryTime: string) => string {
  const { t } = usePage();
  return (deliveryTime) => (deliveryTime === '0' ? t('delivery.today') : t('delivery.inDays', { days: deliveryTime.replace('-', '–') }));
}

/** How a line reaches the shopper: delivered, or collected at a store they choose from those near a place. */
function LineDelivery({
  item,
  base,
  basketId,
  money,
  storeSearch,
}: {
  item: CartPageItem;
  base: string;
  basketId: string;
  money: (minor: number) => string;
  storeSearch: CartPageState['storeSearch'];
}) {
  const { t, locale } = usePage();
  const when = useDeliveryTime();
  const delivery = item.shippingOptions;
  if (!delivery || delivery.selected === 'digital') return null;
  const pickup = delivery.selected === 'BOPIS_SD' || delivery.selected === 'BOPIS_STS';
  const action = `${base}/items/${item.id}/store`;
  const searchId = `store-search-${item.id}`;
  // With script, the summary opens the delivery dialog instead: the change-shipping-method step for a
  // pickup, the store picker for a delivery.
  const dialogData: CartLineDelivery = {
    basketId,
    itemId: item.id,
    name: item.name,
    variantId: item.productId,
    qty: item.qty,
    selected: delivery.selected,
    options: delivery.available.map((o) => ({ code: o.code, label: o.label, price: money(o.price.amount), deliveryTime: o.deliveryTime })),
    store: delivery.storeInfo ? { id: delivery.storeInfo.id, name: delivery.storeInfo.name, city: delivery.storeInfo.city } : null,
  };
  return (
    <div className="cart-line__delivery">
      <p className="cart-line__delivery-now">
        <strong>{delivery.shippingMethod.label}</strong>
        {pickup && delivery.storeInfo ? ` · ${delivery.storeInfo.name}, ${delivery.storeInfo.city}` : ''} · {when(delivery.shippingMethod.deliveryTime)}
      </p>
      <details className="cart-line__stores" open={storeSearch !== undefined}>
        <summary data-delivery={JSON.stringify(dialogData)} data-delivery-start={pickup ? 'method' : 'stores'} aria-haspopup="dialog">
          {pickup ? t('delivery.change') : t('delivery.pickUpInStore')}
        </summary>
        {pickup ? (
          <PostButton action={action} fields={{ storeId: '' }}>
            {t('delivery.deliverInstead')}
          </PostButton>
        ) : null}
        <form className="cart-line__store-search" method="get" action={base}>
          <input type="hidden" name="line" value={item.id} />
          <label htmlFor={searchId}>{t('delivery.postalOrCity')}</label>
          <input id={searchId} name="storeSearch" type="search" defaultValue={storeSearch?.query ?? ''} maxLength={80} required />
          <button className="button button--secondary button--small" type="submit">
            {t('delivery.findStores')}
          </button>
        </form>
        {storeSearch ? (
          storeSearch.stores.length === 0 ? (
            <p className="field__hint">{t('delivery.noStores')}</p>
          ) : (
            <ul className="store-list">
              {storeSearch.stores.map((store) => {
                const possible = Boolean(store.pickupToday || store.shipToStore);
                return (
                  <li key={store.id} className="store-list__store">
                    <StoreFacts store={store} t={t} localeTag={locale.tag} />
                    {possible ? (
                      <PostButton
                        action={action}
                        fields={{ storeId: store.id }}
                        className="button button--secondary button--small"
                        label={t('delivery.chooseStoreNamed', { store: store.name })}
                      >
                        {t('delivery.chooseStore')}
                      </PostButton>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )
        ) : null}
      </details>
    </div>
  );
}

type CartPageItem = CartEntity['items'][number];

/**
 * The home shipment's method, for the lines delivered home: standard, express, or a pickup point (a
 * locker or partner shop) found near a postal code or city, all with plain forms.
 */
function HomeDelivery({
  cart,
  base,
  money,
  pointSearch,
}: {
  cart: CartEntity;
  base: string;
  money: (minor: number) => string;
  pointSearch: CartPageState['pointSearch'];
}) {
  const { t, locale } = usePage();
  const when = useDeliveryTime();
  const shipment = cart.shippingMethods[0];
  if (!shipment || shipment.lines === 0) return null;
  // A pickup point is a choice once one is named; until then it is found below.
  const choices = shipment.applicableShippingMethods.filter((method) => method.code !== 'pudo' || shipment.point);
  const km = new Intl.NumberFormat(locale.tag, { maximumFractionDigits: 1 });
  return (
    <div className="cart__home-delivery">
      <form className="cart__home-methods" method="post" action={`${base}/shipping`}>
        <fieldset className="form__choices">
          <legend className="cart__legend">{t('delivery.homeMethod')}</legend>
          {choices.map((method) => (
            <label key={method.code} className="cart__reward-choice">
              <input type="radio" name="code" value={method.code} defaultChecked={method.code === shipment.code} />
              <span>
                {method.label}
                {method.code === 'pudo' && shipment.point ? `: ${shipment.point.name}, ${shipment.point.city}` : ''} ({when(method.deliveryTime)}) ·{' '}
                {money(method.price.amount)}
              </span>
            </label>
          ))}
        </fieldset>
        {shipment.point ? <input type="hidden" name="pointId" value={shipment.point.id} /> : null}
        <button className="link-button" type="submit">
          {t('delivery.updateMethod')}
        </button>
      </form>
      <details className="cart__points" open={pointSearch !== undefined}>
        <summary>{shipment.point ? t('delivery.changePoint') : t('delivery.toPoint')}</summary>
        <form className="cart-line__store-search" method="get" action={base}>
          <label htmlFor="point-search">{t('delivery.postalOrCity')}</label>
          <input id="point-search" name="pointSearch" type="search" defaultValue={pointSearch?.query ?? ''} maxLength={80} required />
          <button className="button button--secondary button--small" type="submit">
            {t('delivery.findPoints')}
          </button>
        </form>
        {pointSearch ? (
          pointSearch.points.length === 0 ? (
            <p className="field__hint">{t('delivery.noPoints')}</p>
          ) : (
            <ul className="store-list">
              {pointSearch.points.map((point) => (
                <li key={point.id} className="store-list__store">
                  <div>
                    <p className="store-list__name">{point.name}</p>
                    <p className="store-list__meta">
                      {point.kind === 'locker' ? t('delivery.locker') : t('delivery.shop')} · {point.addressLine1}, {point.city} · {km.format(point.distanceKm)}{' '}
                      km
                    </p>
                    <p className="store-list__meta">{hoursToday(point, t)}</p>
                  </div>
                  <PostButton
                    action={`${base}/shipping`}
                    fields={{ code: 'pudo', pointId: point.id }}
                    className="button button--secondary button--small"
                    label={t('delivery.deliverToNamed', { point: point.name })}
                  >
                    {t('delivery.deliverHere')}
                  </PostButton>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </details>
    </div>
  );
}

/** A gift with purchase: free, with its offer; nothing for the shopper to change. */
function GiftItem({ item, money }: { item: CartPageItem; money: (minor: number) => string }) {
  const { t } = usePage();
  return (
    <li className="cart-line cart-line--gift">
      <div className="cart-line__image">
        <img src={item.productImageURL} alt="" width="120" height="120" loading="lazy" decoding="async" />
      </div>
      <div className="cart-line__body">
        <p className="cart-line__badge">{t('cart.gift')}</p>
        <h3 className="cart-line__name">
          <a href={item.pdpUrl}>{item.name}</a>
        </h3>
        <p className="cart-line__variant">
          {item.variants.color} · {t('product.size')} {item.variants.size}
        </p>
      </div>
      <p className="cart-line__price">
        <s>
          <span className="sr-only">{t('price.original')} </span>
          {money(item.price.original)}
        </s>{' '}
        <span className="cart-line__sale">{t('cart.free')}</span>
      </p>
    </li>
  );
}

/** Klarna's Pay in 3 where the site offers it and the amount is in its range: a line, and how it works without a script. */
function PayLaterTeaser({ amount, currency }: { amount: number; currency: string }) {
  const { t, locale } = usePage();
  if (!paymentMethodsFor(locale.site.id, undefined).some((method) => method.id === 'KLARNA')) return null;
  const plan = payLaterPlan(amount, currency, new Date());
  if (!plan.eligible) return null;
  return (
    <div className="cart__pay-later">
      <p>{t('payLater.teaser', { amount: formatMoney(plan.instalments[1]?.amount ?? 0, currency, locale.tag) })}</p>
      <details>
        <summary>{t('payLater.how')}</summary>
        <p>{t('payLater.terms')}</p>
      </details>
    </div>
  );
}
