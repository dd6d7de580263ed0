// Site header: logo, category navigation (desktop flyouts, mobile drawer), search, account and cart.

import CartCount from '../../../client/islands/cart-count/CartCount.tsx';
import SearchSuggest from '../../../client/islands/search-suggest/SearchSuggest.tsx';
import { pickMessages } from '../../../shared/i18n/translate.ts';
import { paths } from '../../../shared/routes.ts';
import { Logo } from '../../../shared/ui/Logo.tsx';
import { Island } from '../islands.tsx';
import { usePage } from '../page-context.tsx';
import { Icon } from './Icon.tsx';
import { MobileMenu } from './MobileMenu.tsx';

export function Header() {
  const { locale, t, nav, pathname, searchQuery, cartCount } = usePage();
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <MobileMenu />
        <a className="site-header__logo" href={paths.home(locale.code)} aria-label={t('a11y.home')}>
          <Logo />
        </a>
        <nav className="main-nav" aria-label={t('a11y.mainNavigation')}>
          <ul className="main-nav__list">
            {nav.map((root) => (
              <li key={root.id} className="main-nav__item">
                <a className="main-nav__link" href={root.url} aria-current={pathname === new URL(root.url, 'http://x').pathname ? 'page' : undefined}>
                  {root.name}
                </a>
                {root.children.length > 0 ? (
                  <div className="flyout">
                    <div className="flyout__inner">
                      {root.children.map((group) => (
                        <div key={group.id} className="flyout__column">
                          <a className="flyout__heading" href={group.url}>
                            {group.name}
                          </a>
                          <ul>
                            {group.children.map((leaf) => (
                              <li key={leaf.id}>
                                <a href={leaf.url}>{leaf.name}</a>
                              </li>
                            ))}
                          </ul>
                        </div>
                      ))}
                      <a className="flyout__all" href={root.url}>
                        {t('header.shopAll', { name: root.name })}
                      </a>
                    </div>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>
        <Island
          name="search-suggest"
          component={SearchSuggest}
          hydrate="interaction"
          props={{
            action: paths.search(locale.code),
            locale: locale.code,
            localeTag: locale.tag,
            query: searchQuery,
            messages: pickMessages(locale.lang, ['header.search', 'header.searchPlaceholder', 'search.products', 'search.categories', 'search.suggestions']),
          }}
        />
        <div className="site-header__actions">
          <a className="icon-link" href={paths.account(locale.code)}>
            <Icon name="account" />
            <span className="icon-link__label">{t('header.account')}</span>
          </a>
          <a className="icon-link" href={paths.cart(locale.code)}>
            <Icon name="bag" />
            <Island
              name="cart-count"
              component={CartCount}
              hydrate="idle"
              props={{ initialCount: cartCount, localeTag: locale.tag, messages: pickMessages(locale.lang, ['header.cartCount']) }}
            />
          </a>
        </div>
      </div>
    </header>
  );
}
