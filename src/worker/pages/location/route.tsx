// /{locale}/location-selector (the store services issue, §6): every site and language a shopper can choose,
// the country in this page's language and each language in itself, the current one marked. The same for
// everyone (and kept by the page cache); each choice goes through GET /{locale}/location, which remembers it
// for the next bare address and answers the location prompt, then leads to that locale's home.

import type { Context } from 'hono';
import { translator } from '../../../shared/i18n/translate.ts';
import { locationChoices } from '../../commerce/utilities/location-choices.ts';
import type { AppEnv } from '../../env.ts';
import { rememberLocale } from '../../middleware/locale.ts';
import { rememberLocationAnswer } from '../layout/location-prompt.tsx';
import { usePage } from '../page-context.tsx';
import { renderPage } from '../render.tsx';

function LocationSelectorPage() {
  const { t, locale } = usePage();
  return (
    <div className="page account">
      <h1>{t('location.title')}</h1>
      <p>{t('location.intro')}</p>
      <ul className="address-book">
        {locationChoices(locale.tag).map((site) => (
          <li key={site.siteId} className="address-book__entry">
            <p className="address-book__text">
              <strong>{site.country}</strong> · {site.currency}
            </p>
            <ul className="location-choices">
              {site.locales.map((choice) => (
                <li key={choice.code}>
                  <a href={`${choice.url}/location`} hrefLang={choice.tag} lang={choice.tag} aria-current={choice.code === locale.code ? 'true' : undefined}>
                    {choice.language}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A choice from the selector: remembered (locale and the prompt's answer), then that locale's home. */
export function locationChosen(c: Context<AppEnv>): Response {
  const locale = c.get('locale');
  rememberLocale(c, locale.code);
  rememberLocationAnswer(c, 'switched');
  c.header('Cache-Control', 'private, no-store');
  return c.redirect(`/${locale.code}`, 303);
}

export async function locationSelectorPage(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  c.get('pageCache')?.cacheAs();
  const t = translator(locale.lang, locale.tag);
  return renderPage(c, {
    meta: {
      title: `${t('location.title')} | ${t('brand.name')}`,
      description: t('location.intro'),
      pageType: 'Other',
      styles: ['account'],
      canonical: `/${locale.code}/location-selector`,
    },
    body: <LocationSelectorPage />,
    fallback: () => null,
  });
}
