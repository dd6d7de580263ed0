// /{locale}/location-selector (the store services issue, §6): every site and language a shopper can choose,
// the country in this page's language and each language in itself, the current one marked. The same for
// everyone (and kept by the page cache); each choice goes through GET /{locale}/location, which remembers it
// for the next bare address and answers the location prompt, then leads to that locale's home, or, when the
// selector was opened with `localePath` (commerce-core §2), to the same page in the chosen locale.

import type { Context } from 'hono';
import { translator } from '../../../shared/i18n/translate.ts';
import { LOCALES } from '../../../shared/locale/sites.ts';
import { locationChoices } from '../../commerce/utilities/location-choices.ts';
import type { AppEnv } from '../../env.ts';
import { returnPath } from '../../lib/return-path.ts';
import { rememberLocale } from '../../middleware/locale.ts';
import { rememberLocationAnswer } from '../layout/location-prompt.tsx';
import { usePage } from '../page-context.tsx';
import { renderPage } from '../render.tsx';

/**
 * The page a locale choice leads to, as a path under the locale ('/p/…', '/c/men?size=9'), from `localePath`:
 * given with or without its locale's prefix, and only ever a page of this store (never another host).
 */
export function localePathOf(url: URL, localeCode: string): string | null {
  const asked = url.searchParams.get('localePath');
  if (!asked?.startsWith('/')) return null;
  const prefix = LOCALES.find((l) => asked === `/${l.code}` || (asked.startsWith(`/${l.code}`) && /^[/?]/.test(asked.slice(l.code.length + 1))));
  const under = prefix ? asked.slice(prefix.code.length + 1) : asked;
  if (under.startsWith('//')) return null;
  // Checked as the browser will read it once under this locale: dot segments cannot climb out of it.
  const path = returnPath(`/${localeCode}${under.startsWith('?') ? `/${under}` : under}`, [localeCode])?.slice(localeCode.length + 1);
  return path && path !== '/' ? path : null;
}

function LocationSelectorPage({ localePath }: { localePath: string | null }) {
  const { t, locale } = usePage();
  const carried = localePath ? `?localePath=${encodeURIComponent(localePath)}` : '';
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
                  <a
                    href={`${choice.url}/location${carried}`}
                    hrefLang={choice.tag}
                    lang={choice.tag}
                    aria-current={choice.code === locale.code ? 'true' : undefined}
                  >
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

/** A choice from the selector: remembered (locale and the prompt's answer), then that locale's home or the asked page. */
export function locationChosen(c: Context<AppEnv>): Response {
  const locale = c.get('locale');
  rememberLocale(c, locale.code);
  rememberLocationAnswer(c, 'switched');
  c.header('Cache-Control', 'private, no-store');
  return c.redirect(`/${locale.code}${localePathOf(new URL(c.req.url), locale.code) ?? ''}`, 303);
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
    body: <LocationSelectorPage localePath={localePathOf(new URL(c.req.url), locale.code)} />,
    fallback: () => null,
  });
}
