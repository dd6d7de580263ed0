// The stories page (filterable article grid) and the Trail Day event page.

import type { ArticleGridBlock, Media, PageDocument } from '../../../src/shared/content/blocks.ts';
import { ARTICLES, type ArticleSeed, articleTitle } from './articles.ts';
import { bannerMedia, type ContentContext, categoryUrl, productMedia, topProduct } from './context.ts';

export const EVENT_PATH = 'events/trail-day';

function articlePicture(ctx: ContentContext, article: ArticleSeed, alt: string): Media {
  return 'banner' in article.picture ? bannerMedia(article.picture.banner, alt) : productMedia(topProduct(ctx, article.picture.productOf), alt, 'angle');
}

function articleGrid(ctx: ContentContext): ArticleGridBlock {
  const { facets } = ctx.copy.stories;
  return {
    type: 'ArticleGrid',
    id: 'stories-grid',
    showFilterBar: true,
    gridSize: 12,
    loadMore: true,
    facets: (['hiking', 'gear-care', 'community', 'travel'] as const).map((id) => ({ id, label: facets[id] })),
    articles: ARTICLES.map((a, i) => {
      const title = articleTitle(i, ctx.lang);
      return {
        id: a.id,
        url: a.link === 'event' ? `${ctx.base}/${EVENT_PATH}` : categoryUrl(ctx, a.link.category),
        title,
        picture: articlePicture(ctx, a, title),
        tags: a.tags,
        facets: [a.facet],
        date: a.date,
        eyebrow: facets[a.facet],
      };
    }),
  };
}

export function storiesPage(ctx: ContentContext): PageDocument {
  const { stories } = ctx.copy;
  return {
    metadata: {
      htmlTitle: stories.htmlTitle,
      htmlDescription: stories.htmlDescription,
      ogTitle: stories.htmlTitle,
      ogDescription: stories.htmlDescription,
      ogImage: { kind: 'banner', name: 'trail' },
      canonical: `${ctx.base}/stories`,
    },
    mainContentPadding: true,
    content: {
      sections: [
        { name: 'intro', items: [{ type: 'RichText', id: 'stories-intro', title: stories.title, titleH1: true, richText: stories.intro }] },
        { name: 'articles', items: [articleGrid(ctx)] },
      ],
    },
  };
}

export function eventPage(ctx: ContentContext): PageDocument {
  const { event } = ctx.copy;
  return {
    metadata: {
      htmlTitle: event.htmlTitle,
      htmlDescription: event.htmlDescription,
      ogTitle: event.hero.eyebrow,
      ogDescription: event.htmlDescription,
      ogImage: { kind: 'banner', name: 'trail' },
      canonical: `${ctx.base}/${EVENT_PATH}`,
    },
    content: {
      sections: [
        {
          name: 'hero',
          items: [
            {
              type: 'Banner',
              id: 'event-hero',
              variant: 'hero',
              eyebrowText: event.hero.eyebrow,
              title: event.hero.title,
              titleH1: true,
              subtitle: event.hero.text,
              media: bannerMedia('trail', event.hero.alt),
              gradient: { gradientStyle: 'focused', gradientTone: 'dark' },
            },
          ],
        },
        {
          name: 'details',
          items: [
            { type: 'RichText', id: 'event-details', title: event.detailsTitle, richText: event.detailsHtml },
            {
              type: 'EventSignUp',
              id: 'event-sign-up',
              title: event.signUpTitle,
              subtitle: event.signUpText,
              eventId: 'trail-day-2027',
              startDate: '2027-05-15',
              endDate: '2027-05-16',
              enablePlusOne: true,
              submitCtaLabel: event.submit,
              confirmationTitle: event.confirmTitle,
              confirmationSubtitle: event.confirmSubtitle,
            },
          ],
        },
      ],
    },
  };
}
