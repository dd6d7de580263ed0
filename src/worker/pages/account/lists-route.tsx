// /{locale}/account/lists (the account issue: favorites and saved-for-later sections): the account's two
// lists as the cart issue keeps them, read with the same service: the newest favorites with the way to the
// whole list (shared from there), and what was saved for later with a plain form back into the cart.

import type { Context } from 'hono';
import { formatMoney } from '../../../shared/commerce/money.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { type ListPage, listPage, sessionListOf } from '../../commerce/lists/service.ts';
import type { AppEnv } from '../../env.ts';
import { usePage } from '../page-context.tsx';
import { AccountNav } from './AccountNav.tsx';
import { sectionPage, signedInConsumer, signInFirst } from './section-page.tsx';

/** Items each section shows; the favorites page and the cart have the rest. */
const SHOWN = 12;

function Items({ list, move }: { list: ListPage; move?: boolean }) {
  const { t, locale } = usePage();
  return (
    <ul className="address-book">
      {list.items.map((item) => (
        <li key={item.itemId} className="address-book__entry">
          <p className="address-book__text">
            <a href={item.pdpUrl}>
              <strong>{item.name}</strong>
            </a>
            <br />
            {[item.colour, item.size].filter(Boolean).join(' · ')}
            {item.price.current !== null ? ` · ${formatMoney(item.price.current, item.price.currency, locale.tag)}` : ''}
            {item.available ? '' : ` · ${t('cart.savedUnavailable')}`}
          </p>
          {move && item.available ? (
            <div className="address-book__actions">
              <form method="post" action={`/${locale.code}/cart/saved/${item.itemId}/move`}>
                <button className="button button--link" type="submit" aria-label={t('lists.moveNamed', { name: item.name })}>
                  {t('lists.move')}
                </button>
              </form>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function ListsPage({ favorites, saved }: { favorites: ListPage; saved: ListPage }) {
  const { t, locale } = usePage();
  return (
    <div className="page account">
      <header className="account__head">
        <h1>{t('lists.title')}</h1>
      </header>
      <AccountNav current="lists" />
      <section className="account__section" aria-labelledby="lists-favorites">
        <h2 id="lists-favorites">{t('favorites.title')}</h2>
        {favorites.total === 0 ? <p>{t('lists.noFavorites')}</p> : <Items list={favorites} />}
        <p>
          <a href={`/${locale.code}/favorites`}>{t('lists.allFavorites', { count: favorites.total })}</a>
        </p>
      </section>
      <section className="account__section" aria-labelledby="lists-saved">
        <h2 id="lists-saved">{t('cart.savedTitle', { count: saved.total })}</h2>
        {saved.total === 0 ? <p>{t('lists.noSaved')}</p> : <Items list={saved} move />}
        <p>
          <a href={`/${locale.code}/cart`}>{t('lists.toCart')}</a>
        </p>
      </section>
    </div>
  );
}

export async function listsPage(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  const locale = c.get('locale');
  const [favoritesId, savedId] = await Promise.all([
    sessionListOf(c.env.DB, c.get('session')?.claims, 'favorites'),
    sessionListOf(c.env.DB, c.get('session')?.claims, 'save_for_later'),
  ]);
  const [favorites, saved] = await Promise.all([listPage(c.env.DB, locale, favoritesId, 0, SHOWN), listPage(c.env.DB, locale, savedId, 0, SHOWN)]);
  return sectionPage(c, {
    title: translator(locale.lang, locale.tag)('lists.title'),
    path: '/account/lists',
    body: <ListsPage favorites={favorites} saved={saved} />,
  });
}
