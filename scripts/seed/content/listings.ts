// Content for the CMS's other read paths (account-content §7): the article search index, the stories
// showcase, and the related stories the CMS holds for a category and for a product featured in a story.

import type { ArticleGridBlock, BannerBlock, BlocksDocument } from '../../../src/shared/content/blocks.ts';
import { ARTICLES } from './articles.ts';
import type { ContentContext } from './context.ts';
import { articleGrid } from './pages.ts';

/** The article search's document: every story, with the facets the filter bar offers. */
export function articleSearch(ctx: ContentContext): BlocksDocument {
  return { items: [{ ...articleGrid(ctx), id: 'article-index' }] };
}

/**
 * The stories showcase: the newest story of each facet as a hero, the others as split banners, so an app can
 * ask for either layout.
 */
export function storiesShowcase(ctx: ContentContext): BlocksDocument {
  const grid = articleGrid(ctx);
  const heroes = new Set(ARTICLES.filter((a, i) => ARTICLES.findIndex((b) => b.facet === a.facet) === i).map((a) => a.id));
  return {
    items: grid.articles.map(
      (article): BannerBlock => ({
        type: 'Banner',
        id: `showcase-${article.id}`,
        variant: heroes.has(article.id) ? 'hero' : 'split',
        title: article.title,
        ...(article.eyebrow ? { overline: article.eyebrow } : {}),
        media: article.picture,
        targets: [{ text: ctx.copy.footer.stories.cta, url: article.url, style: 'primary' }],
        linkType: 'CTA',
      }),
    ),
  };
}

function related(ctx: ContentContext, id: string, articles: ArticleGridBlock['articles']): BlocksDocument {
  const grid = articleGrid(ctx);
  return {
    items: [{ ...grid, id, title: ctx.copy.stories.title, showFilterBar: false, loadMore: false, gridSize: 3, articles: articles.slice(0, 3) }],
  };
}

/** Keyed by the catalog's category id: the stories about a category, for each category a story is about. */
export function categoryStories(ctx: ContentContext): { key: string; body: BlocksDocument }[] {
  const grid = articleGrid(ctx);
  const slugs = [...new Set(ARTICLES.flatMap((a) => (a.link === 'event' ? [] : [a.link.category])))];
  return slugs.map((slug) => {
    const articles = grid.articles.filter((_, i) => {
      const link = ARTICLES[i]?.link;
      return link !== undefined && link !== 'event' && link.category === slug;
    });
    return { key: String(ctx.lookup.category(slug).id), body: related(ctx, `category-stories-${slug}`, articles) };
  });
}

/** Keyed by product id in lower case (content keys are): the stories a product is pictured in. */
export function productStories(ctx: ContentContext): { key: string; body: BlocksDocument }[] {
  const grid = articleGrid(ctx);
  const byProduct = new Map<string, ArticleGridBlock['articles']>();
  grid.articles.forEach((article) => {
    const source = article.picture.source;
    if (source.kind !== 'product') return;
    byProduct.set(source.productId, [...(byProduct.get(source.productId) ?? []), article]);
  });
  return [...byProduct].map(([productId, articles]) => ({
    key: productId.toLowerCase(),
    body: related(ctx, `product-stories-${productId.toLowerCase()}`, articles),
  }));
}
