// The static parts around every page (navigation, mobile menu, footer), rendered once per locale and
// catalog version and reused: on a listing they were a third of the HTML and of the render time.

import { renderToStaticMarkup } from 'react-dom/server';
import { translator } from '../../../shared/i18n/translate.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import type { CatalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { type CategoryResource, categoryResource } from '../../commerce/catalog/resources.ts';
import { isolateMap } from '../../lib/isolate-memory.ts';
import { Footer } from './Footer.tsx';
import { MainNav } from './MainNav.tsx';
import { MobileMenu } from './MobileMenu.tsx';

export interface Chrome {
  nav: CategoryResource[];
  mainNav: string;
  mobileMenu: string;
  footer: string;
}

const cache = isolateMap<string, Chrome>();

export function staticChrome(index: CatalogIndex, locale: Locale): Chrome {
  const year = new Date().getUTCFullYear();
  const key = `${locale.code}:${index.loadedAt}:${year}`;
  let chrome = cache.get(key);
  if (!chrome) {
    const t = translator(locale.lang, locale.tag);
    const nav = index.roots.map((node) => categoryResource(node, locale));
    chrome = {
      nav,
      mainNav: renderToStaticMarkup(<MainNav nav={nav} t={t} />),
      mobileMenu: renderToStaticMarkup(<MobileMenu nav={nav} t={t} />),
      footer: renderToStaticMarkup(<Footer nav={nav} locale={locale} t={t} year={year} />),
    };
    // A refreshed index makes the old entries unreachable: drop them rather than let the map grow.
    for (const old of cache.keys()) if (!old.endsWith(`:${index.loadedAt}:${year}`)) cache.delete(old);
    cache.set(key, chrome);
  }
  return chrome;
}
