// Article search and showcases (account-content §7): `search/{siteId}/{searchType}` finds articles in the
// search document's article grids by text, tag and facet, a page at a time, with the facet and tag counts
// a filter bar shows; `showcase/{siteId}/{docType}` pages through a showcase's blocks, narrowed to one
// layout variant. The documents come through the content cache as any other; only the query is computed
// per request, and it is cheap (a few dozen entries).

import * as v from 'valibot';
import type { ArticleGridBlock, Block, BlocksDocument } from '../../shared/content/blocks.ts';

type Article = ArticleGridBlock['articles'][number];

const MAX_LIMIT = 48;
const Count = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(`${name} must be a whole number.`),
    v.regex(/^\d{1,6}$/, `${name} must be a whole number.`),
    v.transform(Number),
    v.minValue(min, `${name} must be at least ${min}.`),
    v.maxValue(max, `${name} must be at most ${max}.`),
  );
const Word = (name: string) =>
  v.pipe(v.string(), v.maxLength(60, `${name} has at most 60 characters.`), v.regex(/^[a-z0-9-]+$/, `${name} is lowercase words separated by hyphens.`));

const Page = { offset: v.optional(Count('offset', 0, 10_000), '0'), limit: v.optional(Count('limit', 1, MAX_LIMIT), '12') };

export const SearchQuery = v.looseObject({
  ...Page,
  /** Free text, matched against titles, eyebrows and tags. */
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'q has at most 100 characters.'))),
  tagId: v.optional(Word('tagId')),
  facet: v.optional(Word('facet')),
});
export type SearchQuery = v.InferOutput<typeof SearchQuery>;

export const ShowcaseQuery = v.looseObject({ ...Page, layoutVariant: v.optional(Word('layoutVariant')) });
export type ShowcaseQuery = v.InferOutput<typeof ShowcaseQuery>;

export interface ArticleSearch {
  result: { total: number; offset: number; limit: number; items: Article[] };
  /** Every facet of the grids, with how many articles it would show given the text and tag asked. */
  facets: { id: string; label: string; count: number; selected: boolean }[];
  /** The tags of the articles the text and facet asked leave, most used first. */
  tags: { id: string; count: number; selected: boolean }[];
}

/** Case and accents do not matter to a shopper typing "randonnee". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function matchesText(article: Article, words: string[]): boolean {
  const haystack = fold([article.title, article.eyebrow ?? '', ...article.tags].join(' '));
  return words.every((word) => haystack.includes(word));
}

function grids(document: BlocksDocument): ArticleGridBlock[] {
  return document.items.filter((block): block is ArticleGridBlock => block.type === 'ArticleGrid');
}

/** Newest first; an article in two grids is one result. */
function articlesOf(document: BlocksDocument): Article[] {
  const byId = new Map<string, Article>();
  for (const grid of grids(document)) for (const article of grid.articles) if (!byId.has(article.id)) byId.set(article.id, article);
  return [...byId.values()].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || a.id.localeCompare(b.id));
}

export function searchArticles(document: BlocksDocument, query: SearchQuery): ArticleSearch {
  const words = fold(query.q ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const all = articlesOf(document).filter((article) => matchesText(article, words));
  const byTag = query.tagId ? all.filter((a) => a.tags.includes(query.tagId as string)) : all;
  const byFacet = query.facet ? all.filter((a) => a.facets.includes(query.facet as string)) : all;
  const found = byTag.filter((a) => byFacet.includes(a));

  const facetLabels = new Map<string, string>();
  for (const grid of grids(document)) for (const facet of grid.facets) if (!facetLabels.has(facet.id)) facetLabels.set(facet.id, facet.label);
  const facets = [...facetLabels].map(([id, label]) => ({ id, label, count: byTag.filter((a) => a.facets.includes(id)).length, selected: id === query.facet }));
  const tagCounts = new Map<string, number>();
  for (const article of byFacet) for (const tag of article.tags) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
  const tags = [...tagCounts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([id, count]) => ({ id, count, selected: id === query.tagId }));

  return {
    result: { total: found.length, offset: query.offset, limit: query.limit, items: found.slice(query.offset, query.offset + query.limit) },
    facets,
    tags,
  };
}

export interface Showcase {
  result: { total: number; offset: number; limit: number; items: Block[] };
  /** The layout variants the showcase has, with how many blocks each. */
  layoutVariants: { id: string; count: number; selected: boolean }[];
}

function variantOf(block: Block): string | null {
  const variant = (block as { variant?: unknown }).variant;
  return typeof variant === 'string' ? variant : null;
}

export function showcase(document: BlocksDocument, query: ShowcaseQuery): Showcase {
  const counts = new Map<string, number>();
  for (const block of document.items) {
    const variant = variantOf(block);
    if (variant) counts.set(variant, (counts.get(variant) ?? 0) + 1);
  }
  const items = query.layoutVariant ? document.items.filter((block) => variantOf(block) === query.layoutVariant) : document.items;
  return {
    result: { total: items.length, offset: query.offset, limit: query.limit, items: items.slice(query.offset, query.offset + query.limit) },
    layoutVariants: [...counts].map(([id, count]) => ({ id, count, selected: id === query.layoutVariant })),
  };
}
