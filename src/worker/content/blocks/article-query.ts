// Article grid state in the URL (account-content §4): selected facets and how many articles are shown,
// so filtering and "Read more" are plain links that work without script.

const FACET_PARAM = 'facet';
const SHOWN_PARAM = 'shown';

export interface ArticleQuery {
  facets: string[];
  shown: number | null;
}

export function readArticleQuery(search: string): ArticleQuery {
  const params = new URLSearchParams(search);
  const facets = [...new Set(params.getAll(FACET_PARAM).filter(Boolean))];
  const shown = Number.parseInt(params.get(SHOWN_PARAM) ?? '', 10);
  return { facets, shown: Number.isFinite(shown) && shown > 0 ? shown : null };
}

/** The current URL with the article state replaced; other parameters ride along. */
export function articleHref(pathname: string, search: string, next: ArticleQuery): string {
  const params = new URLSearchParams(search);
  params.delete(FACET_PARAM);
  params.delete(SHOWN_PARAM);
  for (const facet of next.facets) params.append(FACET_PARAM, facet);
  if (next.shown !== null) params.set(SHOWN_PARAM, String(next.shown));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Selecting a facet toggles it; the count shown starts over because the matching set changed. */
export function toggleFacet(query: ArticleQuery, facet: string): ArticleQuery {
  const facets = query.facets.includes(facet) ? query.facets.filter((f) => f !== facet) : [...query.facets, facet];
  return { facets, shown: null };
}

/** An article matches when no facet is selected or it carries any selected one. */
export function matchesFacets(articleFacets: readonly string[], selected: readonly string[]): boolean {
  return selected.length === 0 || selected.some((f) => articleFacets.includes(f));
}

/** How many to show: a whole number of pages, at least one page, no more than there are. */
export function shownCount(requested: number | null, gridSize: number, total: number): number {
  const page = Math.max(1, Math.floor(gridSize));
  const wanted = requested === null ? page : Math.max(page, Math.ceil(requested / page) * page);
  return Math.min(wanted, total);
}
