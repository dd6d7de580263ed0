// Site footer: the footer marketers publish (or, without one, shop links from the category tree) and
// the country and language choice. Each choice links that locale's home, the same in every page's footer
// (so the footer is made once per locale); with script, a choice leads to the same page in that locale.

import type { ReactNode } from 'react';
import type { Translate } from '../../../shared/i18n/format.ts';
import { LOCALES, type Locale } from '../../../shared/locale/sites.ts';
import type { CategoryResource } from '../../commerce/catalog/resources.ts';
import { NewsletterFields } from '../newsletter/NewsletterFields.tsx';

/** Each locale's label, made once per isolate: two Intl.DisplayNames per locale cost more than the whole footer. */
const localeLabels = new Map<string, string>();

function localeLabel(tag: string, country: string): string {
  let label = localeLabels.get(tag);
  if (label === undefined) {
    const region = new Intl.DisplayNames([tag], { type: 'region' }).of(country) ?? country;
    const language = new Intl.DisplayNames([tag], { type: 'language' }).of(tag.split('-')[0] ?? tag) ?? tag;
    label = `${region} (${language.charAt(0).toLocaleUpperCase(tag) + language.slice(1)})`;
    localeLabels.set(tag, label);
  }
  return label;
}

export interface FooterProps {
  nav: CategoryResource[];
  locale: Locale;
  t: Translate;
  year: number;
  /** The published footer's blocks, rendered; replaces the category columns. */
  content?: ReactNode;
}

/**
 * The newsletter form: a plain post to the newsletter page, which the newsletter behaviour takes over
 * (validation at the fields, an answer in place) once the shopper reaches for it.
 */
function FooterNewsletter({ locale, t }: Pick<FooterProps, 'locale' | 't'>) {
  return (
    <section className="site-footer__newsletter" aria-labelledby="footer-newsletter-title">
      <div className="site-footer__newsletter-text">
        <h2 className="site-footer__newsletter-title" id="footer-newsletter-title">
          {t('newsletter.title')}
        </h2>
        <p>{t('newsletter.intro')}</p>
      </div>
      <form
        className="form newsletter-form"
        method="post"
        action={`/${locale.code}/newsletter`}
        noValidate
        data-newsletter=""
        data-message-sent={t('newsletter.sent')}
        data-message-required={t('validation.required')}
        data-message-email={t('validation.email')}
        data-message-failed={t('error.general')}
        data-message-sending={t('newsletter.sending')}
      >
        <input type="hidden" name="source" value="footer" />
        <NewsletterFields idPrefix="footer-newsletter" t={t} localeCode={locale.code} />
        <button className="button button--light" type="submit">
          {t('newsletter.submit')}
        </button>
        <p className="newsletter-form__status" role="status" data-newsletter-status="" />
      </form>
    </section>
  );
}

export function Footer({ nav, locale, t, year, content }: FooterProps) {
  return (
    <footer className="site-footer">
      <FooterNewsletter locale={locale} t={t} />
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
                <a href={`/${l.code}`} hrefLang={l.tag} lang={l.tag} data-locale-switch={l.code} aria-current={l.code === locale.code ? 'true' : undefined}>
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
