// /{locale}/favorites: the shopper's favorites (the cart issue, §6, §7), and the read-only page a shared
// link opens. Plain forms: remove an item, share the list. A favorite is a colour; its size is chosen on
// the product page, where the item leads.

import { formatMoney } from '../../../shared/commerce/money.ts';
import { paths } from '../../../shared/routes.ts';
import { FormNotice } from '../../../shared/ui/form.tsx';
import type { ListItem, ListPage } from '../../commerce/lists/service.ts';
import { Pagination } from '../components/Pagination.tsx';
import { PostButton } from '../components/PostButton.tsx';
import { usePage } from '../page-context.tsx';

export type FavoritesState =
  | {
      view: 'own';
      list: ListPage;
      page: number;
      pages: number;
      shareUrl: string | null;
      notice?: string | undefined;
      /** A guest's list lives on this device: they are offered the quick enrolment to keep it everywhere. */
      guest: boolean;
    }
  | { view: 'shared'; list: ListPage; page: number; pages: number }
  | { view: 'store-device' };

export function FavoritesPage({ state }: { state: FavoritesState }) {
  const { t, locale } = usePage();
  if (state.view === 'store-device') {
    return (
      <div className="page favorites">
        <h1>{t('favorites.title')}</h1>
        <p>{t('favorites.storeDevice')}</p>
      </div>
    );
  }
  const { list } = state;
  const own = state.view === 'own';
  const base = paths.favorites(locale.code);
  return (
    <div className="page favorites">
      <h1>
        {own ? t('favorites.title') : t('favorites.sharedTitle')}{' '}
        {list.total > 0 ? <span className="cart__count">{t('cart.units', { count: list.total })}</span> : null}
      </h1>
      {own && state.guest ? (
        <FormNotice kind="info">
          <p>
            {t('favorites.guestKeep')} {/* The simplified enrolment (commerce-core §2): only what the site requires, then back to the list. */}
            <a href={`/${locale.code}/account`} data-sign-in="simplified" data-island-wake="account-link">
              {t('favorites.guestSignIn')}
            </a>
          </p>
        </FormNotice>
      ) : null}
      {own && state.notice ? (
        <FormNotice kind="error">
          <p>{state.notice}</p>
        </FormNotice>
      ) : null}
      {list.total === 0 ? (
        <div className="cart__empty">
          <p className="cart__empty-title">{own ? t('favorites.empty') : t('favorites.sharedEmpty')}</p>
          {own ? <p>{t('favorites.emptyHint')}</p> : null}
          <a className="button button--primary" href={`/${locale.code}`}>
            {t('cart.continueShopping')}
          </a>
        </div>
      ) : (
        <>
          {own ? (
            <form className="favorites__share" method="post" action={`${base}/share`}>
              {state.shareUrl ? (
                <div className="field">
                  <label className="field__label" htmlFor="favorites-share-url">
                    {t('favorites.shareLink')}
                  </label>
                  <input id="favorites-share-url" className="field__input" type="url" readOnly value={state.shareUrl} />
                  <p className="field__hint">{t('favorites.shareHint')}</p>
                </div>
              ) : (
                <button className="button button--secondary" type="submit">
                  {t('favorites.share')}
                </button>
              )}
            </form>
          ) : null}
          <ul className="favorites__grid">
            {list.items.map((item) => (
              <Favorite key={item.itemId} item={item} removeAction={own ? `${base}/items/${item.itemId}/remove` : null} />
            ))}
          </ul>
          <Pagination page={state.page} pages={state.pages} params={new URLSearchParams()} />
        </>
      )}
    </div>
  );
}

function Favorite({ item, removeAction }: { item: ListItem; removeAction: string | null }) {
  const { t, locale } = usePage();
  return (
    <li className="favorite">
      <a className="favorite__link" href={item.pdpUrl}>
        <img src={item.productImageURL} alt="" width="400" height="400" loading="lazy" decoding="async" />
        <span className="favorite__name">{item.name}</span>
      </a>
      <p className="favorite__colour">{item.colour}</p>
      <p className="favorite__price">{item.price.current === null ? '' : formatMoney(item.price.current, item.price.currency, locale.tag)}</p>
      {item.available ? null : <p className="cart-line__notice">{t('cart.savedUnavailable')}</p>}
      {removeAction ? (
        <PostButton action={removeAction} label={t('favorites.remove', { name: item.name })}>
          {t('cart.remove')}
        </PostButton>
      ) : null}
    </li>
  );
}
