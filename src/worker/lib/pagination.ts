// Page links for a listing (commerce-core §9): page 1 by default, two sibling pages around the current one.

const SIBLING_PAGES = 2;

export type PageItem = { type: 'page'; page: number; current: boolean } | { type: 'gap'; key: string };

/** First, last, current and its siblings; gaps where pages are skipped. */
export function paginationItems(current: number, total: number, siblings = SIBLING_PAGES): PageItem[] {
  if (total <= 1) return [];
  const wanted = new Set<number>([1, total]);
  for (let p = current - siblings; p <= current + siblings; p++) if (p >= 1 && p <= total) wanted.add(p);
  const pages = [...wanted].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of pages) {
    if (page - previous === 2) items.push({ type: 'page', page: previous + 1, current: false });
    else if (page - previous > 2) items.push({ type: 'gap', key: `gap-${previous}` });
    items.push({ type: 'page', page, current: page === current });
    previous = page;
  }
  return items;
}
