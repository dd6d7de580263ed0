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

/**
 * Renders markup every request shares, from the locale's values and none of the request's (no path,
 * query, origin or nonce). A list of blocks that fails is logged with the request that rendered the part
 * and remembered in it, so each later request that shows the part logs it too.
 */
function sharedRenderer(value: PageContextValue): (node: ReactNode) => SharedPart {
  const i18n = { t: value.t, localeTag: value.locale.tag, locale: value.locale.code };
  return (node) => {
    const collector = new IslandCollector();
    const failed: string[] = [];
    const page: PageContextValue = {
      ...value,
      menu: null,
      pathname: '',
      searchQuery: '',
      cartCount: 0,
      nonce: '',
      origin: '',
      reportError: (part, error) => {
        failed.push(part);
        value.reportError(part, error);
      },
    };
    const html = renderPart({ i18n, page, collector }, node);
    return { html, islands: collector.eager, failed };
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
  const logger = c.get('logger');
  /** A shared part fitted to this request. */
  const fitted = (part: SharedPart): string => {
    for (const failed of part.failed)
      logger.error('page.part_missing', { part: failed, path: c.req.path, reason: 'failed when this published version was first rendered' });
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
