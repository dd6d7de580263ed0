// The home page: an A/B hero, member segments, category cards, editorial banners and product rails.

import type { BannerBlock, Block, CollectionBlock, PageDocument, Target } from '../../../src/shared/content/blocks.ts';
import { bannerMedia, type ContentContext, categoryName, categoryTarget, paragraph, productMedia, topProduct } from './context.ts';
import type { BannerCopy } from './copy.ts';

const CARD_CATEGORIES = ['mens-boots', 'mens-jackets', 'womens-hiking', 'womens-fleece-hoodies', 'kids-footwear', 'kids-jackets'];
const PICK_CATEGORIES = ['womens-boots', 'mens-hiking', 'womens-jackets', 'mens-fleece-hoodies', 'kids-boots', 'womens-sneakers'];

function hero(ctx: ContentContext, id: string, banner: 'hero' | 'trail', copy: BannerCopy, title: string): BannerBlock {
  const { home } = ctx.copy;
  return {
    type: 'Banner',
    id,
    variant: 'hero',
    eyebrowText: copy.eyebrow,
    title,
    titleH1: true,
    subtitle: copy.text,
    media: bannerMedia(banner, copy.alt),
    gradient: { gradientStyle: 'full', gradientTone: 'dark' },
    targets: [categoryTarget(ctx, 'mens', home.shopMen, 'light'), categoryTarget(ctx, 'womens', home.shopWomen, 'light')],
    promotionTracking: { promotionName: id },
  };
}

function thin(id: string, copy: BannerCopy, url: string): BannerBlock {
  const target: Target = { text: copy.cta, url, style: 'link' };
  return { type: 'Banner', id, variant: 'thin', title: copy.title, subtitle: copy.text, targets: [target], promotionTracking: { promotionName: id } };
}

function categoryCards(ctx: ContentContext): CollectionBlock {
  return {
    type: 'Collection',
    id: 'home-cards',
    variant: 'standard',
    title: ctx.copy.home.cardsTitle,
    layout: {
      sm: { type: 'carousel', slideWidth: 16, showArrows: false, showIndicators: true },
      md: { type: 'grid', columns: 3 },
      lg: { type: 'grid', columns: 3 },
    },
    items: CARD_CATEGORIES.map((slug, i) => ({
      type: 'CategoryCard',
      id: `home-cards-${i + 1}`,
      categoryId: ctx.lookup.category(slug).id,
      media: productMedia(topProduct(ctx, slug), categoryName(ctx, slug), 'angle'),
    })),
  };
}

function editorial(ctx: ContentContext): Block[] {
  const { city, kids } = ctx.copy.home;
  return [
    {
      type: 'Banner',
      id: 'home-split',
      variant: 'split',
      splitImageWidth: 50,
      splitImagePosition: 'left',
      title: city.title,
      subtitle: city.text,
      media: bannerMedia('city', city.alt),
      targets: [categoryTarget(ctx, 'womens-shoes', city.cta, 'secondary')],
    },
    {
      type: 'Banner',
      id: 'home-overlay',
      variant: 'overlay',
      overlayWidth: 'sm',
      title: kids.title,
      subtitle: kids.text,
      media: bannerMedia('kids', kids.alt),
      targets: [categoryTarget(ctx, 'kids', kids.cta, 'primary')],
    },
  ];
}

/** heroTitle replaces the baseline hero's title: the preview draft differs only there. */
export function homePage(ctx: ContentContext, heroTitle = ctx.copy.home.hero.title): PageDocument {
  const { home } = ctx.copy;
  const join = thin('home-join', home.join, `${ctx.base}/loyalty`);
  return {
    metadata: {
      htmlTitle: home.htmlTitle,
      htmlDescription: home.htmlDescription,
      ogTitle: home.ogTitle,
      ogDescription: home.ogDescription,
      ogImage: { kind: 'banner', name: 'hero' },
      canonical: ctx.base,
    },
    content: {
      sections: [
        { name: 'promo', items: [{ type: 'FragmentRef', id: 'home-promo-bar', fragmentId: 'promo-bar' }] },
        {
          name: 'hero',
          items: [
            {
              type: 'Experience',
              id: 'home-hero-experience',
              experienceId: 'home-hero-2026',
              name: 'Home hero',
              // The data layer reports this experience's impressions under the marketer's own event name.
              trackingEvent: 'home_hero_impression',
              baselines: [hero(ctx, 'home-hero', 'hero', home.hero, heroTitle)],
              variants: [
                {
                  name: 'Winter',
                  variantId: 'winter',
                  label: 'B',
                  weight: 50,
                  targets: [hero(ctx, 'home-hero-winter', 'trail', home.winter, home.winter.title)],
                },
              ],
            },
          ],
        },
        {
          name: 'membership',
          items: [
            {
              type: 'Segmentation',
              id: 'home-segments',
              segments: [
                { id: 'loggedout', targets: [join] },
                { id: 'loyalty-loggedin', targets: [thin('home-rewards', home.rewards, `${ctx.base}/loyalty`)] },
                { id: 'loggedin', targets: [thin('home-welcome', home.welcome, `${ctx.base}/stories`)] },
              ],
              // The baseline is the logged-out invitation again, under its own id so ids stay unique.
              baselines: [{ ...join, id: 'home-join-baseline' }],
            },
          ],
        },
        { name: 'categories', items: [categoryCards(ctx)] },
        { name: 'editorial', items: editorial(ctx) },
        {
          name: 'recommendations',
          lazy: true,
          items: [
            {
              type: 'ProductRecommendations',
              id: 'home-trending',
              title: home.trending,
              categoryId: ctx.lookup.category('mens-boots').id,
              limit: 8,
              layout: 'four-card',
            },
            {
              type: 'ProductRecommendations',
              id: 'home-picks',
              title: home.picks,
              productIds: PICK_CATEGORIES.map((slug) => topProduct(ctx, slug)),
              layout: 'six-card',
            },
          ],
        },
        {
          name: 'community',
          lazy: true,
          items: [{ type: 'UgcWidget', id: 'home-ugc', containerId: 'home-ugc', title: home.ugcTitle, subtitle: home.ugcText }],
        },
        {
          name: 'services',
          lazy: true,
          items: [
            {
              type: 'Collection',
              id: 'home-services',
              variant: 'icon-and-text',
              title: home.servicesTitle,
              iconSize: 'medium',
              items: home.services.map((s, i) => ({ type: 'RichText', id: `home-services-${i + 1}`, title: s.title, richText: paragraph(s.text) })),
            },
          ],
        },
        { name: 'benefits', items: [{ type: 'FragmentRef', id: 'home-benefit-bar', fragmentId: 'benefit-bar' }] },
      ],
    },
  };
}
