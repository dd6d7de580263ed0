// The stories page (filterable article grid), the Trail Day event page and the Cairn Rewards explainer.

import type { ArticleGridBlock, Media, PageDocument, RichTextBlock, Target } from '../../../src/shared/content/blocks.ts';
import { ARTICLES, type ArticleSeed, articleTitle } from './articles.ts';
import { bannerMedia, type ContentContext, categoryUrl, paragraph, productMedia, topProduct } from './context.ts';
import { type TitledText, venueFor } from './copy.ts';

export const EVENT_PATH = 'events/trail-day';
/** The home page's member banners link here. */
export const REWARDS_PATH = 'loyalty';

function articlePicture(ctx: ContentContext, article: ArticleSeed, alt: string): Media {
  return 'banner' in article.picture ? bannerMedia(article.picture.banner, alt) : productMedia(topProduct(ctx, article.picture.productOf), alt, 'angle');
}

export function articleGrid(ctx: ContentContext): ArticleGridBlock {
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
    // The event's hero is a photograph of the trail: the header lies over it.
    transparentHeader: true,
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
            {
              type: 'RichText',
              id: 'event-details',
              title: event.detailsTitle,
              richText: event.detailsHtml,
              // The country the day crosses, under the details.
              mediaList: [bannerMedia('hero', ctx.copy.home.hero.alt), bannerMedia('kids', ctx.copy.home.kids.alt)],
            },
            {
              type: 'EventSignUp',
              id: 'event-sign-up',
              title: event.signUpTitle,
              subtitle: event.signUpText,
              eventId: 'trail-day-2027',
              startDate: '2027-05-15',
              endDate: '2027-05-16',
              enablePlusOne: true,
              capacity: 150,
              location: venueFor(ctx.locale.code),
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

function rewardsBenefit(id: string, copy: TitledText, targets?: Target[]): RichTextBlock {
  return { type: 'RichText', id, title: copy.title, richText: paragraph(copy.text), ...(targets ? { targets } : {}) };
}

/** The Cairn Rewards explainer. No sign-in or join link: account pages do not exist yet, so the FAQ explains in words. */
export function rewardsPage(ctx: ContentContext): PageDocument {
  const { rewards } = ctx.copy;
  const [points, early, offers, events] = rewards.benefits;
  return {
    metadata: {
      htmlTitle: rewards.htmlTitle,
      htmlDescription: rewards.htmlDescription,
      ogTitle: rewards.ogTitle,
      ogDescription: rewards.htmlDescription,
      ogImage: { kind: 'banner', name: 'hero' },
      canonical: `${ctx.base}/${REWARDS_PATH}`,
    },
    content: {
      sections: [
        {
          name: 'hero',
          items: [
            {
              type: 'Banner',
              id: 'rewards-hero',
              variant: 'hero',
              eyebrowText: rewards.hero.eyebrow,
              title: rewards.hero.title,
              titleH1: true,
              subtitle: rewards.hero.text,
              media: bannerMedia('hero', rewards.hero.alt),
              gradient: { gradientStyle: 'focused', gradientTone: 'dark' },
            },
          ],
        },
        {
          name: 'benefits',
          items: [
            {
              type: 'Collection',
              id: 'rewards-benefits',
              variant: 'icon-and-text',
              title: rewards.howTitle,
              iconSize: 'medium',
              items: [
                rewardsBenefit('rewards-benefits-points', points),
                rewardsBenefit('rewards-benefits-early-access', early),
                rewardsBenefit('rewards-benefits-offers', offers),
                rewardsBenefit('rewards-benefits-events', events, [{ text: rewards.eventCta, url: `${ctx.base}/${EVENT_PATH}`, style: 'link' }]),
              ],
            },
          ],
        },
        {
          name: 'faq',
          items: [
            {
              type: 'Accordion',
              id: 'rewards-faq',
              title: rewards.faqTitle,
              items: rewards.faq.map((q, i) => ({ id: `rewards-faq-${i + 1}`, title: q.title, richText: paragraph(q.text) })),
            },
          ],
        },
      ],
    },
  };
}
