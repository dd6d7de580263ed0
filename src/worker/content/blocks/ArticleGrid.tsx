// Article grid: a facet filter bar and a page of article cards, with "Read more" (account-content §3, §4).

import type { ArticleGridBlock } from '../../../shared/content/blocks.ts';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import { safeHref } from '../sanitize.ts';
import { articleHref, matchesFacets, readArticleQuery, shownCount, toggleFacet } from './article-query.ts';
import { cx } from './classes.ts';
import { useBlocks } from './context.tsx';
import { BlockCopy, BlockMedia } from './parts.tsx';

/** Facets shown before "See more"; the rest wait in a disclosure. */
const VISIBLE_FACETS = 6;

type Article = ArticleGridBlock['articles'][number];

function formatDate(iso: string, localeTag: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  // A date without a time is a calendar day: format it in UTC so no time zone moves it.
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  return new Intl.DateTimeFormat(localeTag, { dateStyle: 'medium', timeZone: dateOnly ? 'UTC' : undefined }).format(date);
}

function ArticleCard({ article, hideDate }: { article: Article; hideDate: boolean }) {
  const { localeTag } = useI18n();
  const href = safeHref(article.url);
  const date = !hideDate && article.date ? formatDate(article.date, localeTag) : null;
  return (
    <article className="article-card">
      <div className="article-card__media">
        <BlockMedia media={article.picture} className="article-card__image" width={800} />
      </div>
      {article.eyebrow ? <p className="cb-eyebrow">{article.eyebrow}</p> : null}
      <h3 className="article-card__title">
        {href ? (
          <a className="article-card__link" href={href}>
            {article.title}
          </a>
        ) : (
          article.title
        )}
      </h3>
      {date && article.date ? (
        <time className="article-card__date" dateTime={article.date}>
          {date}
        </time>
      ) : null}
    </article>
  );
}

export function ArticleGrid({ block }: { block: ArticleGridBlock }) {
  const { location, labels } = useBlocks();
  // In shared markup the filters link from whatever page shows it: a query-only href.
  const pathname = location?.pathname ?? '';
  const search = location?.search ?? '';
  const query = readArticleQuery(search);
  const known = new Set(block.facets.map((f) => f.id));
  const selected = query.facets.filter((f) => known.has(f));
  const matching = block.articles.filter((a) => matchesFacets(a.facets, selected));
  const shown = shownCount(query.shown, block.gridSize, matching.length);
  const facetLink = (id: string) => {
    const on = selected.includes(id);
    const facet = block.facets.find((f) => f.id === id);
    return (
      <li key={id}>
        <a
          className={cx('chip-link', on && 'is-selected')}
          href={articleHref(pathname, search, toggleFacet({ facets: selected, shown: null }, id))}
          aria-current={on ? 'true' : undefined}
        >
          {facet?.label ?? id}
        </a>
      </li>
    );
  };
  const first = block.facets.slice(0, VISIBLE_FACETS);
  const rest = block.facets.slice(VISIBLE_FACETS);
  return (
    <section className="article-grid">
      <BlockCopy block={block} className="article-grid__header" />
      {block.showFilterBar && block.facets.length > 0 ? (
        <nav className="article-filter" aria-label={labels.filterBy}>
          <ul className="article-filter__list">{first.map((f) => facetLink(f.id))}</ul>
          {rest.length > 0 ? (
            <details className="article-filter__more" open={rest.some((f) => selected.includes(f.id)) || undefined}>
              <summary className="article-filter__toggle">
                <span className="when-closed">{labels.seeMore}</span>
                <span className="when-open">{labels.seeLess}</span>
              </summary>
              <ul className="article-filter__list">{rest.map((f) => facetLink(f.id))}</ul>
            </details>
          ) : null}
          {selected.length > 0 ? (
            <a className="cb-link article-filter__clear" href={articleHref(pathname, search, { facets: [], shown: null })}>
              {labels.clearAll}
            </a>
          ) : null}
        </nav>
      ) : null}
      <ul className="article-grid__list">
        {matching.slice(0, shown).map((article) => (
          <li key={article.id}>
            <ArticleCard article={article} hideDate={block.hidePageDate ?? false} />
          </li>
        ))}
      </ul>
      {block.loadMore && shown < matching.length ? (
        <p className="article-grid__more">
          <a className="button target target--secondary" href={articleHref(pathname, search, { facets: selected, shown: shown + Math.max(1, block.gridSize) })}>
            {labels.readMore}
          </a>
        </p>
      ) : null}
    </section>
  );
}
