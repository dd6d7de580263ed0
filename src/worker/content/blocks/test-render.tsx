// Test helpers: renders content blocks inside the providers a page gives them, with fixture builders.

import { renderToString } from 'react-dom/server';
import type { ArticleGridBlock, Block, MediaSource, RecommendedProduct } from '../../../shared/content/blocks.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { DEFAULT_LOCALE } from '../../../shared/locale/sites.ts';
import { I18nProvider } from '../../../shared/ui/i18n-context.tsx';
import { Blocks } from './Blocks.tsx';
import { BlockContextProvider, type BlockContextValue } from './context.tsx';

const t = translator('en', 'en-US');

export const labels: BlockContextValue['labels'] = {
  previous: 'Previous',
  next: 'Next',
  readMore: 'Read more',
  clearAll: 'Clear all',
  close: 'Close',
  seeMore: 'See more',
  seeLess: 'See less',
  filterBy: 'Filter by',
  slide: 'Slide',
  register: 'Register',
  eventDates: 'Dates',
  attendingDays: 'Choose the days you will attend',
};

export function fakeMediaUrl(source: MediaSource): string {
  if (source.kind === 'banner') return `/banners/${source.name}.svg`;
  if (source.kind === 'product') return `/products/${source.productId}-${source.view ?? 'side'}.svg`;
  return source.path;
}

/** Renders blocks on a page at `pathname` and `search`, or, with `shared`, as markup shared by every page. */
export function render(items: Block[], { pathname = '/en-us/stories', search = '', shared = false } = {}): string {
  return renderToString(
    <I18nProvider value={{ t, localeTag: DEFAULT_LOCALE.tag, locale: DEFAULT_LOCALE.code }}>
      <BlockContextProvider value={{ mediaUrl: fakeMediaUrl, location: shared ? null : { pathname, search }, labels }}>
        <Blocks items={items} />
      </BlockContextProvider>
    </I18nProvider>,
  );
}

export const heroMedia = { type: 'image', source: { kind: 'banner', name: 'hero' }, alt: 'A ridge at dawn', width: 1600, height: 700 } as const;

export function article(i: number, facets: string[]): ArticleGridBlock['articles'][number] {
  return {
    id: `a${i}`,
    url: `/en-us/stories/a${i}`,
    title: `Story ${i}`,
    picture: { type: 'image', source: { kind: 'path', path: `/stories/a${i}.svg` }, alt: '', width: 600, height: 400 },
    tags: [],
    facets,
  };
}

export function product(id: string, price: Partial<RecommendedProduct['price']>): RecommendedProduct {
  return {
    productId: id,
    name: `Ridge Runner ${id}`,
    url: `/en-us/p/ridge-runner-${id}`,
    image: { kind: 'product', productId: id },
    colourName: 'Moss',
    reviewAverage: 4.4,
    reviewsCount: 12,
    price: {
      currency: 'USD',
      lowCurrent: 16000,
      highCurrent: 16000,
      lowOriginal: 16000,
      highOriginal: 16000,
      current: 16000,
      original: 16000,
      onSale: false,
      ...price,
    },
    recommendationId: `r-${id}`,
  };
}
