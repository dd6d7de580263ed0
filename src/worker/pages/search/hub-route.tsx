// The search hub (page type "search hub"; the store services issue, §4): a search box, what shoppers of the
// language search for most, and every category, for a shopper who does not yet know what to type.

import type { Context } from 'hono';
import { translator } from '../../../shared/i18n/translate.ts';
import { paths } from '../../../shared/routes.ts';
import { catalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { searchHub } from '../../commerce/catalog/components-routes.ts';
import type { AppEnv } from '../../env.ts';
import { usePage } from '../page-context.tsx';
import { renderPage } from '../render.tsx';

type Hub = Awaited<ReturnType<typeof searchHub>>;

function SearchHubPage({ hub }: { hub: Hub }) {
  const { t, locale } = usePage();
  return (
    <div className="page page--search-hub">
      <h1>{t('searchHub.title')}</h1>
      <form className="search-hub__form" method="get" action={paths.search(locale.code)}>
        <div className="field">
          <label className="field__label" htmlFor="search-hub-q">
            {t('searchHub.label')}
          </label>
          <input id="search-hub-q" className="field__input" type="search" name="q" maxLength={100} autoComplete="off" />
        </div>
        <button type="submit" className="button button--primary">
          {t('searchHub.submit')}
        </button>
      </form>
      {hub.popularSearches.length > 0 ? (
        <section aria-labelledby="search-hub-popular">
          <h2 id="search-hub-popular">{t('searchHub.popular')}</h2>
          <ul className="chips">
            {hub.popularSearches.map((item) => (
              <li key={item.term}>
                <a className="chip" href={item.url}>
                  {item.term}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="search-hub-categories">
        <h2 id="search-hub-categories">{t('searchHub.categories')}</h2>
        <div className="search-hub__categories">
          {hub.categories.map((root) => (
            <div key={root.id}>
              <h3>
                <a href={root.url}>{root.name}</a>
              </h3>
              <ul>
                {root.children.map((child) => (
                  <li key={child.id}>
                    <a href={child.url}>{child.name}</a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}

export async function searchHubPage(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const hub = await searchHub(c.env.DB, await catalogIndex(c.env.DB, c.get('logger')), locale);
  return renderPage(c, {
    meta: {
      title: t('searchHub.title'),
      description: t('searchHub.description'),
      pageType: 'search hub',
      styles: ['listing'],
      canonical: `/${locale.code}/searchhub`,
    },
    body: <SearchHubPage hub={hub} />,
    fallback: () => null,
  });
}
