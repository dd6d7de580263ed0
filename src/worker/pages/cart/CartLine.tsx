// One line of the cart page: the item, its quantity and actions, its gift option and how it reaches the
// shopper; a gift with purchase shows as a free line the shopper cannot change.

import { GIFT_MESSAGE_MAX, GIFT_TO_MAX } from '../../../shared/commerce/commerce-config.ts';
import { TextField } from '../../../shared/ui/form.tsx';
import type { CartEntity } from '../../commerce/cart/service.ts';
import { PostButton } from '../components/PostButton.tsx';
import { usePage } from '../page-context.tsx';
import { LineDelivery } from './CartDelivery.tsx';
import type { CartPageState } from './CartPage.tsx';

export type CartPageItem = CartEntity['items'][number];

/** Item-level flash said at the line (commerce-core §8, notification level "item"). */
const ITEM_FLASH = {
  ProductItemNotAvailable: 'cart.itemUnavailable',
  NO_PRICE: 'error.noPrice',
  ProductLineItemFullInventoryMissing: 'error.outOfStock',
  ProductLineItemInventoryMissing: 'cart.lowStock',
} as const;

export function CartLine({
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
    // A delivery that changed on its own since the last visit (commerce-core §4), or kept its store at a merge: said at its line.
    return f.type.endsWith('Transition') || f.type === 'ChangedStoreId' ? [f.message] : [];
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
        {item.isDigitalProduct ? <GiftOptionPanel item={item} base={base} basketId={basketId} /> : null}
        {item.design ? (
          <ul className="cart-line__design">
            <li>{t('customs.lacesOf', { laces: item.design.laces })}</li>
            {item.design.monogram ? <li>{t('customs.monogramOf', { monogram: item.design.monogram })}</li> : null}
            {item.customerNotifications.map((notification) => (
              <li key={notification.type}>{notification.message}</li>
            ))}
          </ul>
        ) : null}
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
          {item.isCustoms ? null : (
            <EditLink
              pdpUrl={item.pdpUrl}
              variantId={item.productId}
              target={`line:${basketId}:${item.id}`}
              qty={item.qty}
              name={item.name}
              amount={item.isDigitalProduct}
            />
          )}
          {/* A list keeps a variant, not a design: a pair made to order stays in the cart. */}
          {lists && !item.isCustoms ? (
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
export function EditLink(props: { pdpUrl: string; variantId: string; target: string; qty: number; name: string; amount?: boolean }) {
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

/**
 * The add gift option panel (commerce-core §2) on a gift card line: the recipient's name, email and message,
 * all three, or none to keep the card. A plain form, open where it is being filled in; with script, the
 * summary opens the add gift option dialog instead (client/dialogs/gift-option), which saves it the same way.
 */
function GiftOptionPanel({ item, base, basketId }: { item: CartEntity['items'][number]; base: string; basketId: string }) {
  const { t } = usePage();
  const gift = item.giftOption;
  const id = `gift-${item.id}`;
  const dialogLine = { basketId, itemId: item.id, qty: item.qty, name: item.name, gift: gift ?? null };
  return (
    <details className="cart-line__gift-option">
      <summary data-gift-option={JSON.stringify(dialogLine)} aria-haspopup="dialog">
        {gift ? t('gift.edit') : t('gift.add')}
      </summary>
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
