import { describe, expect, it } from 'vitest';
import { articleHref, matchesFacets, readArticleQuery, shownCount, toggleFacet } from './article-query.ts';
import { planCollection } from './collection-layout.ts';
import { CURRENT_LINK_MARKER, isCurrentLink, markCurrentLinks } from './links.ts';
import { render } from './test-render.tsx';

describe('isCurrentLink', () => {
  it('matches the path and the query filters in any order, ignoring paging and carried parameters', () => {
    expect(isCurrentLink('/en-us/c/boots-1?colour=red&size=9', '/en-us/c/boots-1/', '?size=9&colour=red&page=2&preview=true')).toBe(true);
    expect(isCurrentLink('/en-us/c/boots-1', '/en-us/c/boots-1', '?colour=red')).toBe(false);
    expect(isCurrentLink('/en-us/c/boots-1?colour=red', '/en-us/c/boots-1', '')).toBe(false);
    expect(isCurrentLink('/en-us/c/packs-2', '/en-us/c/boots-1', '')).toBe(false);
    expect(isCurrentLink('//evil.example/en-us/c/boots-1', '/en-us/c/boots-1', '')).toBe(false);
  });
});

describe('article query', () => {
  it('reads, toggles and writes facets and the shown count, keeping other parameters', () => {
    const query = readArticleQuery('?facet=trail&facet=city&shown=8&utm=x');
    expect(query).toEqual({ facets: ['trail', 'city'], shown: 8 });
    expect(toggleFacet(query, 'city')).toEqual({ facets: ['trail'], shown: null });
    expect(articleHref('/en-us/stories', '?utm=x&shown=8', { facets: ['trail'], shown: null })).toBe('/en-us/stories?utm=x&facet=trail');
    expect(articleHref('/en-us/stories', '?facet=trail', { facets: [], shown: null })).toBe('/en-us/stories');
  });

  it('matches any selected facet and shows whole pages', () => {
    expect(matchesFacets(['trail'], [])).toBe(true);
    expect(matchesFacets(['trail'], ['city', 'trail'])).toBe(true);
    expect(matchesFacets(['trail'], ['city'])).toBe(false);
    expect(shownCount(null, 6, 20)).toBe(6);
    expect(shownCount(7, 6, 20)).toBe(12);
    expect(shownCount(999, 6, 20)).toBe(20);
    expect(shownCount(1, 6, 3)).toBe(3);
  });
});

describe('planCollection', () => {
  it('inherits layouts upwards and takes the carousel timing in ms', () => {
    const plan = planCollection({
      type: 'Collection',
      id: 'c',
      variant: 'standard',
      items: [],
      layout: { sm: { type: 'carousel', autorotateTime: 2.5, autoplay: true } },
    });
    expect(plan.carouselAt).toEqual(['sm', 'md', 'lg']);
    expect(plan.carousel).toEqual({ autoplay: true, autorotateMs: 2500, loop: false });
  });

  it('hides the CTA carousel arrows on small screens only', () => {
    const plan = planCollection({ type: 'Collection', id: 'c', variant: 'cta-buttons', items: [], layout: { sm: { type: 'carousel' } } });
    expect(plan.layouts.sm.arrows).toBe(false);
    expect(plan.layouts.md.arrows).toBe(true);
  });
});

describe('markCurrentLinks', () => {
  const shared = render(
    [
      {
        type: 'SecondaryNavigation',
        id: 'nav',
        title: 'Explore',
        targets: [
          { text: 'Boots', url: '/en-us/c/boots-1?size=9&amp=1' },
          { text: 'Stories', url: '/en-us/stories' },
        ],
      },
    ],
    { shared: true },
  );

  it('leaves shared markup unmarked until a request decides', () => {
    expect(shared).toContain(`<a ${CURRENT_LINK_MARKER}=""`);
    expect(shared).not.toContain('aria-current');
  });
  it('marks the link of the page shown and only that one, and removes the markers', () => {
    const marked = markCurrentLinks(shared, '/en-us/stories', '?preview=true');
    expect(marked).toContain('class="subnav__link is-current" href="/en-us/stories" aria-current="page"');
    expect(marked.match(/aria-current/g)).toHaveLength(1);
    expect(marked).not.toContain(CURRENT_LINK_MARKER);
  });
  it('compares queries as the page link would, entities decoded', () => {
    expect(markCurrentLinks(shared, '/en-us/c/boots-1', '?amp=1&size=9')).toContain('href="/en-us/c/boots-1?size=9&amp;amp=1" aria-current="page"');
  });
});

describe('media paths', () => {
  it('resolve only to files of this store', async () => {
    const { mediaUrlResolver } = await import('../media.ts');
    const resolve = mediaUrlResolver({ products: new Map() } as never);
    expect(resolve({ kind: 'path', path: '/assets/stories/a.svg' })).toBe('/assets/stories/a.svg');
    for (const path of ['/\\evil.com/x.png', '//evil.com/x.png', 'https://evil.com/x.png', '/\t/evil.com/x.png', '#x']) {
      expect(resolve({ kind: 'path', path }), path).toBe('');
    }
  });
});
