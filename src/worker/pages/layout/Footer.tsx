// Site footer: the footer marketers publish (or, without one, shop links from the category tree) and
// the country and language choice.

import type { ReactNode } from 'react';
import type { Translate } from '../../../shared/i18n/format.ts';
import { LOCALES, type Locale } from '../../../shared/sites.ts';
import type { CategoryResource } from '../../commerce/catalog/resources.ts';

function localeLabel(tag: string, country: string): string {
  const region = new Intl.DisplayNames([tag], { type: 'region' }).of(country) ?? country;
  const language = new Intl.DisplayNames([tag], { type: 'language' }).of(tag.split('-')[0] ?? tag) ?? tag;
  return `${region} (${language.charAt(0).toLocaleUpperCase(tag) + language.slice(1)})`;
}

export interface FooterProps {
  nav: CategoryResource[];
  locale: Locale;
  t: Translate;
  year: number;
  /** The published footer's blocks, rendered; replaces the category columns. */
  content?: ReactNode;
}

export function Footer({ nav, locale, t, year, content }: FooterProps) {
  return (
    <footer className="site-footer">
      <div className="site-footer__columns">
        {content ? <div className="site-footer__content">{content}</div> : null}
        {content
          ? null
          : nav.map((root) => (
              <section key={root.id}>
                <h2 className="site-footer__heading">
                  <a href={root.url}>{root.name}</a>
                </h2>
                <ul>
                  {root.children.map((group) => (
                    <li key={group.id}>
                      <a href={group.url}>{group.name}</a>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
        <section>
          <h2 className="site-footer__heading" id="footer-locale">
            {t('footer.chooseLocale')}
          </h2>
          <ul className="site-footer__locales" aria-labelledby="footer-locale">
            {LOCALES.map((l) => (
              <li key={l.code}>
                <a href={`/${l.code}`} hrefLang={l.tag} lang={l.tag} aria-current={l.code === locale.code ? 'true' : undefined}>
                  {localeLabel(l.tag, l.country)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="site-footer__legal">{t('footer.copyright', { year })}</p>
    </footer>
  );
}
