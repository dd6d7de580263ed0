// Which content link points at the page being shown: the CTA collection and secondary navigation mark it.

/** Parameters that ride along every navigation (account-content §2) or page a listing; they are not filters. */
const NOT_FILTERS = new Set([
  'siteid',
  'cms',
  'preview',
  'previewdatetime',
  'enrollment_marketing_source',
  'localepath',
  'leadsource',
  'p13n_testcontext',
  'page',
  'sort',
]);

function filters(params: URLSearchParams): string[] {
  return [...params]
    .filter(([key]) => !NOT_FILTERS.has(key.toLowerCase()))
    .map(([key, value]) => `${key}=${value}`)
    .sort();
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export const CURRENT_LINK_MARKER = 'data-current-link';

/** True when `url` names the current path with the same query filters, in any order. */
export function isCurrentLink(url: string, pathname: string, search: string): boolean {
  if (!url.startsWith('/') || url.startsWith('//')) return false;
  const target = new URL(url, 'https://same-origin.invalid');
  if (trimSlash(target.pathname) !== trimSlash(pathname)) return false;
  const a = filters(target.searchParams);
  const b = filters(new URLSearchParams(search));
  return a.length === b.length && a.every((entry, i) => entry === b[i]);
}

const DEFERRED_LINK = new RegExp(`<a ${CURRENT_LINK_MARKER}="" class="([^"]*)" href="([^"]*)"`, 'g');

function decodeAttribute(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** Marks, in markup shared by every page, the links that name this request's page. */
export function markCurrentLinks(html: string, pathname: string, search: string): string {
  if (!html.includes(CURRENT_LINK_MARKER)) return html;
  return html.replace(DEFERRED_LINK, (_whole, className: string, href: string) =>
    isCurrentLink(decodeAttribute(href), pathname, search)
      ? `<a class="${className} is-current" href="${href}" aria-current="page"`
      : `<a class="${className}" href="${href}"`,
  );
}
