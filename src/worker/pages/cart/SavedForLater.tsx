// The saved-for-later list under the cart, with its own move and remove forms.

import type { ListPage } from '../../commerce/lists/service.ts';
import { PostButton } from '../components/PostButton.tsx';
import { usePage } from '../page-context.tsx';
import { EditLink } from './CartLine.tsx';

/** The saved-for-later list under the cart: back to the cart, or off the list. */
export function SavedForLater({
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
