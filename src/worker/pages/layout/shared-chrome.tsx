// The content-driven chrome of a page (mega menu, footer, pop-ups): rendered once per published document
// from a context that holds nothing of the request, then fitted to each request (its current links marked,
// its islands added to the page's). Each part has its own fallback: the category navigation for the menu,
// the built-in footer, no pop-ups.

import type { Context } from 'hono';
import type { ReactNode } from 'react';
import type { CatalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { markCurrentLinks } from '../../content/blocks/links.ts';
import { mediaUrlResolver } from '../../content/media.ts';
import { MegaMenu } from '../../content/menu/MegaMenu.tsx';
import { MobileMegaMenu } from '../../content/menu/MobileMegaMenu.tsx';
import { Popups } from '../../content/popup/Popup.tsx';
import type { AppEnv } from '../../env.ts';
import { blockLabels, ContentBlocks } from '../components/ContentBlocks.tsx';
import { IslandCollector } from '../islands.tsx';
import type { PageContextValue } from '../page-context.tsx';
import { renderPart } from '../render-part.tsx';
import type { ChromeContent, SharedPart } from './chrome-content.tsx';
import { renderOnce } from './chrome-content.tsx';
import { Footer } from './Footer.tsx';

export interface ChromeParts {
  menu: { desktop: string; mobile: string } | null;
  footer: () => string;
  popups: () => string;
}

type Guard = (part: string, render: () => string, fallback?: string) => string;

/** The page context for markup every request shares: the locale's values, none of the request's. */
function sharedContext(value: PageContextValue): PageContextValue {
  return { ...value, menu: null, pathname: '', searchQuery: '', cartCount: 0, nonce: '' };
}

function sharedRenderer(value: PageContextValue): (node: ReactNode) => SharedPart {
  const context = sharedContext(value);
  const i18n = { t: value.t, localeTag: value.locale.tag, locale: value.locale.code };
  return (node) => {
    const collector = new IslandCollector();
    return { html: renderPart({ i18n, page: context, collector }, node), islands: collector.eager };
  };
}

export function sharedChrome(
  c: Context<AppEnv>,
  {
    value,
    documents,
    index,
    collector,
    guarded,
  }: { value: PageContextValue; documents: ChromeContent; index: CatalogIndex; collector: IslandCollector; guarded: Guard },
): ChromeParts {
  const { t, locale } = value;
  const url = new URL(c.req.url);
  const render = sharedRenderer(value);
  /** A shared part fitted to this request. */
  const fitted = (part: SharedPart): string => {
    collector.merge(part.islands);
    return markCurrentLinks(part.html, url.pathname, url.search);
  };
  const labels = blockLabels(t);
  const text = { shopAll: (name: string) => t('header.shopAll', { name }), showMenu: (name: string) => t('a11y.showMenu', { name }) };
  const menuDocument = documents.menu;
  let menu: ChromeParts['menu'] = null;
  if (menuDocument?.items.length) {
    const desktop = guarded('menu', () =>
      fitted(
        renderOnce(menuDocument, 'desktop', () =>
          render(<MegaMenu menu={menuDocument} mediaUrl={mediaUrlResolver(index)} labels={labels} ariaLabel={t('a11y.mainNavigation')} text={text} />),
        ),
      ),
    );
    const mobile = guarded('mobile-menu', () =>
      fitted(
        renderOnce(menuDocument, 'mobile', () =>
          render(<MobileMegaMenu menu={menuDocument} labels={labels} openLabel={t('a11y.openMenu')} ariaLabel={t('a11y.mainNavigation')} text={text} />),
        ),
      ),
    );
    // Both or neither: the category navigation stands in for a menu that failed.
    menu = desktop && mobile ? { desktop, mobile } : null;
  }
  const footerDocument = documents.footer;
  const popupDocument = documents.popups;
  return {
    menu,
    footer: () =>
      footerDocument
        ? guarded(
            'footer',
            () =>
              fitted(
                renderOnce(footerDocument, 'footer', () =>
                  render(
                    <Footer
                      nav={value.nav}
                      locale={locale}
                      t={t}
                      year={new Date().getUTCFullYear()}
                      content={<ContentBlocks items={footerDocument.items} index={index} shared part="footer" />}
                    />,
                  ),
                ),
              ),
            value.chrome.footer,
          )
        : value.chrome.footer,
    popups: () =>
      popupDocument?.popups.length
        ? guarded('popups', () =>
            fitted(
              renderOnce(popupDocument, 'popups', () =>
                render(
                  <Popups
                    document={popupDocument}
                    mediaUrl={mediaUrlResolver(index)}
                    labels={labels}
                    closeLabel={t('content.close')}
                    expandLabel={t('content.open')}
                  />,
                ),
              ),
            ),
          )
        : '',
  };
}
