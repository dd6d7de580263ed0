// biome-ignore-all lint/security/noDangerouslySetInnerHtml: the navigation is React markup rendered once per locale and catalog version (chrome.tsx).
// Site header: logo, category navigation (pre-rendered per locale), search, account and cart.

import { AccountLink } from '../../../client/islands/account-link/AccountLink.tsx';
import CartCount from '../../../client/islands/cart-count/CartCount.tsx';
import SearchSuggest from '../../../client/islands/search-suggest/SearchSuggest.tsx';
import { pickMessages } from '../../../shared/i18n/translate.ts';
import { paths } from '../../../shared/routes.ts';
import { Icon } from '../../../shared/ui/Icon.tsx';
import { storePaths } from '../../lib/store-paths.ts';
import { Island } from '../islands.tsx';
import { usePage } from '../page-context.tsx';
import { Logo } from '../ui/Logo.tsx';

export function Header({ transparent = false }: { transparent?: boolean }) {
  const { locale, t, chrome, menu, searchQuery, cartCount } = usePage();
  return (
    <header className={transparent ? 'site-header site-header--transparent' : 'site-header'}>
      <div className="site-header__bar">
        {menu ? (
          <div className="site-header__slot" dangerouslySetInnerHTML={{ __html: menu.mobile }} />
        ) : (
          <details className="mobile-menu" dangerouslySetInnerHTML={{ __html: chrome.mobileMenu }} />
        )}
        <a className="site-header__logo" href={paths.home(locale.code)} aria-label={t('a11y.home')}>
          <Logo />
        </a>
        {menu ? null : <nav className="main-nav" aria-label={t('a11y.mainNavigation')} dangerouslySetInnerHTML={{ __html: chrome.mainNav }} />}
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
          {/* "My store": the header behaviour puts the shopper's store here from its cookie (my-store.ts). */}
          <a className="icon-link" href={storePaths.stores(locale.code)} data-my-store="" data-mine={t('header.myStore', { store: '{store}' })}>
            <Icon name="store" />
            <span className="icon-link__label">{t('header.stores')}</span>
          </a>
          {/* The same for every shopper, so the page stays cacheable: the header behaviour names a signed-in
              shopper from the hint cookie; a guest's click opens the sign-in dialog. */}
          <Island
            name="account-link"
            component={AccountLink}
            hydrate="interaction"
            inline
            props={{
              href: paths.account(locale.code),
              label: t('header.account'),
              hello: t('header.hello', { name: '{name}' }),
              signedInLabel: t('header.signedIn'),
              associate: t('associate.bar', { employee: '{employee}', store: '{store}' }),
              associateManage: t('associate.manage'),
              associateHref: `/${locale.code}/associate-login`,
            }}
            clientProps={{}}
          />
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
      {/* The CMS menu is a row of its own under the bar, so its panels can span the full width. */}
      {menu ? <div className="site-header__slot" dangerouslySetInnerHTML={{ __html: menu.desktop }} /> : null}
    </header>
  );
}
