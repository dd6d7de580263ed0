import { describe, expect, it } from 'vitest';
import type { Block } from '../../../shared/content/blocks.ts';
import { article, heroMedia, product, render } from './test-render.tsx';

describe('Collection', () => {
  it('highlights the CTA button whose link matches the current path and query', () => {
    const html = render(
      [
        {
          type: 'Collection',
          id: 'c1',
          variant: 'cta-buttons',
          items: [],
          targets: [
            { text: 'All boots', url: '/en-us/c/boots-1234' },
            { text: 'Red boots', url: '/en-us/c/boots-1234?colour=red' },
          ],
          layout: { sm: { type: 'carousel' }, md: { type: 'grid' } },
        },
      ],
      { pathname: '/en-us/c/boots-1234', search: '?colour=red&sort=price' },
    );
    expect(html).toMatch(/<a class="[^"]*collection__cta is-current" href="\/en-us\/c\/boots-1234\?colour=red" aria-current="page">Red boots<\/a>/);
    expect(html).toMatch(/href="\/en-us\/c\/boots-1234">All boots/);
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toContain('collection--sm-noarrows');
  });

  it('lays an icon collection of four items out in two columns', () => {
    const icon = (i: number): Block => ({ type: 'LinkedCard', id: `i${i}`, title: `Benefit ${i}`, media: { ...heroMedia, alt: '', width: 48, height: 48 } });
    const html = render([{ type: 'Collection', id: 'c2', variant: 'icon-and-text', iconSize: 'large', items: [icon(1), icon(2), icon(3), icon(4)] }]);
    expect(html).toContain('collection--two-cols');
    expect(html).toContain('collection--icon-large');
  });

  it('marks up a carousel with the island hooks and the autorotate time in ms', () => {
    const html = render([
      {
        type: 'Collection',
        id: 'c3',
        variant: 'standard',
        title: 'Trail picks',
        layout: {
          sm: { type: 'carousel', autoplay: true, autorotateTime: 7, loop: true, showIndicators: true, slideWidth: 16, slidePadding: 0.75 },
          lg: { type: 'grid', columns: 3 },
        },
        items: [
          { type: 'CategoryCard', id: 'k1', categoryId: 1, category: { name: 'Boots', url: '/en-us/c/boots-1' } },
          { type: 'CategoryCard', id: 'k2', categoryId: 2, category: { name: 'Packs', url: '/en-us/c/packs-2' } },
        ],
      },
    ]);
    expect(html).toContain('data-carousel=""');
    expect(html).toContain('data-autoplay="true"');
    expect(html).toContain('data-autorotate-ms="7000"');
    expect(html).toContain('data-loop="true"');
    expect(html).toContain('data-carousel-breakpoints="sm md"');
    expect(html).toContain('data-carousel-track=""');
    expect(html).toMatch(/data-carousel-prev="" aria-controls="[^"]+" aria-label="Previous"/);
    expect(html).toMatch(/data-carousel-next="" aria-controls="[^"]+" aria-label="Next"/);
    expect(html).toContain('data-carousel-dots=""');
    expect(html).toContain('aria-label="Slide 2 / 2"');
    expect(html).toContain('collection--lg-grid collection--lg-cols-3');
    // The slide sizes as classes (no style attribute: the CSP refuses them), where it is a carousel.
    expect(html).toContain('collection--sm-sw collection--sm-sw-t1 collection--sm-sw-u6 collection--sm-sp collection--sm-sp-q3');
    expect(html).toContain('collection--md-sw collection--md-sw-t1 collection--md-sw-u6');
    expect(html).not.toContain('collection--lg-sw');
    expect(html).not.toContain('style=');
  });

  it('forces a grid on md and lg for a stacked collection', () => {
    const html = render([{ type: 'Collection', id: 'c4', variant: 'standard', name: 'Home [stacked]', layout: { sm: { type: 'carousel' } }, items: [] }]);
    expect(html).toContain('collection--stacked');
    expect(html).toContain('collection--md-grid');
    expect(html).toContain('collection--lg-grid');
  });
});

describe('ArticleGrid', () => {
  const grid = (extra: object = {}): Block => ({
    type: 'ArticleGrid',
    id: 'ag',
    showFilterBar: true,
    gridSize: 2,
    loadMore: true,
    facets: [
      { id: 'trail', label: 'Trail' },
      { id: 'city', label: 'City' },
    ],
    articles: [article(1, ['trail']), article(2, ['city']), article(3, ['trail']), article(4, ['trail'])],
    ...extra,
  });

  it('shows gridSize articles and links Read more to the next page', () => {
    const html = render([grid()]);
    expect(html.match(/class="article-card"/g)).toHaveLength(2);
    expect(html).toContain('href="/en-us/stories?shown=4">Read more</a>');
    expect(html).toContain('href="/en-us/stories?facet=trail"');
    expect(html).not.toContain('Clear all');
  });

  it('filters by the selected facets from the query and offers Clear all', () => {
    const html = render([grid()], { search: '?facet=trail&shown=4' });
    expect(html.match(/class="article-card"/g)).toHaveLength(3);
    expect(html).not.toContain('Story 2');
    expect(html).not.toContain('Read more');
    expect(html).toMatch(/class="chip-link is-selected" href="\/en-us\/stories" aria-current="true">Trail/);
    expect(html).toContain('href="/en-us/stories">Clear all</a>');
  });
});

describe('ProductRecommendations', () => {
  it('renders product cards with their prices, as a carousel that steps six cards', () => {
    const html = render([
      {
        type: 'ProductRecommendations',
        id: 'pr',
        title: 'You may also like',
        layout: 'six-card',
        products: [product('P1', {}), product('P2', { current: 12000, lowCurrent: 12000, highCurrent: 12000, onSale: true })],
      },
    ]);
    expect(html).toContain('$160');
    expect(html).toContain('$120');
    expect(html).toContain('25% off');
    expect(html).toContain('data-step="6"');
    expect(html).toContain('src="/products/P1-side.svg"');
    expect(html).toContain('Rated 4.4 out of 5');
  });

  it('is a plain grid without a layout', () => {
    const html = render([{ type: 'ProductRecommendations', id: 'pr', products: [product('P1', {})] }]);
    expect(html).toContain('class="product-grid"');
    expect(html).not.toContain('data-carousel');
  });
});
