// Listing pagination: previous, numbered pages with two siblings, next. Plain links, filters kept.

import { paginationItems } from '../../lib/pagination.ts';
import { usePage } from '../page-context.tsx';

export function pageHref(pathname: string, params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export function Pagination({ page, pages, params }: { page: number; pages: number; params: URLSearchParams }) {
  const { t, pathname } = usePage();
  const items = paginationItems(page, pages);
  if (items.length === 0) return null;
  return (
    <nav className="pagination" aria-label={t('a11y.pagination')}>
      {page > 1 ? (
        <a className="pagination__step" href={pageHref(pathname, params, page - 1)} rel="prev">
          <span aria-hidden="true">‹</span> <span className="sr-only">{t('listing.previous')}</span>
        </a>
      ) : null}
      <ol>
        {items.map((item) =>
          item.type === 'gap' ? (
            <li key={item.key} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <a
                className="pagination__page"
                href={pageHref(pathname, params, item.page)}
                aria-current={item.current ? 'page' : undefined}
                aria-label={t('listing.page', { page: item.page })}
              >
                {item.page}
              </a>
            </li>
          ),
        )}
      </ol>
      {page < pages ? (
        <a className="pagination__step" href={pageHref(pathname, params, page + 1)} rel="next">
          <span className="sr-only">{t('listing.next')}</span> <span aria-hidden="true">›</span>
        </a>
      ) : null}
    </nav>
  );
}
