import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ArticleGridBlock, BlocksDocument } from '../../shared/content/blocks.ts';
import { SearchQuery, ShowcaseQuery, searchArticles, showcase } from './listings.ts';

const picture = { type: 'image', source: { kind: 'path', path: '/a.svg' }, alt: '', width: 1, height: 1 } as const;
const article = (id: string, date: string, facet: string, tags: string[], title = id): ArticleGridBlock['articles'][number] => ({
  id,
  url: `/en-us/${id}`,
  title,
  picture,
  tags,
  facets: [facet],
  date,
});
const grid = (articles: ArticleGridBlock['articles']): ArticleGridBlock => ({
  type: 'ArticleGrid',
  id: 'g',
  showFilterBar: true,
  gridSize: 12,
  loadMore: true,
  facets: [
    { id: 'hiking', label: 'Hiking' },
    { id: 'travel', label: 'Travel' },
  ],
  articles,
});
const doc: BlocksDocument = {
  items: [
    grid([
      article('a', '2026-01-01', 'hiking', ['boots', 'winter'], 'Winter randonnée'),
      article('b', '2026-03-01', 'travel', ['boots']),
      article('c', '2026-02-01', 'hiking', ['summer']),
    ]),
    // The same story in a second grid is one result.
    grid([article('b', '2026-03-01', 'travel', ['boots'])]),
  ],
};
const search = (query: Record<string, string>) => searchArticles(doc, v.parse(SearchQuery, query));

describe('article search', () => {
  it('answers the newest first, a page at a time, with the total', () => {
    expect(search({}).result).toMatchObject({ total: 3, offset: 0, limit: 12 });
    expect(search({}).result.items.map((a) => a.id)).toEqual(['b', 'c', 'a']);
    expect(search({ offset: '1', limit: '1' }).result.items.map((a) => a.id)).toEqual(['c']);
    expect(search({ offset: '5' }).result.items).toEqual([]);
  });

  it('narrows by tag, facet and text, case and accents aside', () => {
    expect(search({ tagId: 'boots' }).result.items.map((a) => a.id)).toEqual(['b', 'a']);
    expect(search({ facet: 'hiking', tagId: 'boots' }).result.items.map((a) => a.id)).toEqual(['a']);
    expect(search({ q: 'RANDONNEE' }).result.items.map((a) => a.id)).toEqual(['a']);
    expect(search({ q: 'winter boots' }).result.total).toBe(1);
  });

  it('counts each facet as the tag asked leaves it, and each tag as the facet asked leaves it', () => {
    const { facets, tags } = search({ tagId: 'boots', facet: 'hiking' });
    expect(facets).toEqual([
      { id: 'hiking', label: 'Hiking', count: 1, selected: true },
      { id: 'travel', label: 'Travel', count: 1, selected: false },
    ]);
    expect(tags).toEqual([
      { id: 'boots', count: 1, selected: true },
      { id: 'summer', count: 1, selected: false },
      { id: 'winter', count: 1, selected: false },
    ]);
  });

  it('refuses a page it cannot serve', () => {
    for (const query of [{ limit: '0' }, { limit: '49' }, { offset: '-1' }, { offset: 'x' }, { tagId: 'Boots!' }]) {
      expect(v.safeParse(SearchQuery, query).success, JSON.stringify(query)).toBe(false);
    }
  });
});

describe('showcase', () => {
  const banner = (id: string, variant: 'hero' | 'split') => ({ type: 'Banner', id, variant, title: id }) as const;
  const blocks: BlocksDocument = { items: [banner('h1', 'hero'), banner('s1', 'split'), banner('s2', 'split'), { type: 'RichText', id: 'r', richText: '' }] };
  const page = (query: Record<string, string>) => showcase(blocks, v.parse(ShowcaseQuery, query));

  it('pages through one layout variant and says which variants there are', () => {
    expect(page({ layoutVariant: 'split', limit: '1', offset: '1' }).result).toMatchObject({ total: 2, items: [{ id: 's2' }] });
    expect(page({}).result.total).toBe(4);
    expect(page({ layoutVariant: 'split' }).layoutVariants).toEqual([
      { id: 'hero', count: 1, selected: false },
      { id: 'split', count: 2, selected: true },
    ]);
    expect(page({ layoutVariant: 'overlay' }).result).toMatchObject({ total: 0, items: [] });
  });
});
