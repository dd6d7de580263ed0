// The fields content blocks are made of, as valibot schemas (content-blocks.ts puts them together): bounded
// text and lists, media and their sources, call-to-action targets, the fields every block may carry, and a
// banner's, a carousel layout's and a recommended product's.

import * as v from 'valibot';
import type { Media, MediaSource, Target } from '../content/blocks.ts';
import { SLIDE_REM_MAX } from '../content/slide-sizes.ts';

const TEXT_MAX = 2_000;
export const HTML_MAX = 100_000;
const LIST_MAX = 200;

export const text = (max = TEXT_MAX) => v.pipe(v.string(), v.maxLength(max, `At most ${max} characters.`));
export const optionalText = (max = TEXT_MAX) => v.optional(text(max));
export const list = <T extends v.GenericSchema>(item: T) => v.pipe(v.array(item), v.maxLength(LIST_MAX, `At most ${LIST_MAX} entries.`));
export const id = v.pipe(v.string('Every block needs an id.'), v.minLength(1, 'An id cannot be empty.'), v.maxLength(100, 'An id has at most 100 characters.'));
const size = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000));
const BREAKPOINT = v.picklist(['sm', 'md', 'lg']);
const breakpoints = v.optional(v.array(BREAKPOINT));

export const MediaSourceSchema: v.GenericSchema<unknown, MediaSource> = v.variant('kind', [
  v.object({ kind: v.literal('banner'), name: v.picklist(['hero', 'trail', 'city', 'kids']) }),
  v.object({ kind: v.literal('product'), productId: text(20), view: v.optional(v.picklist(['side', 'angle', 'detail'])) }),
  v.object({ kind: v.literal('path'), path: v.pipe(text(500), v.regex(/^\/(?![/\\])/, 'A media path is a file of this store, like /assets/stories/a.svg.')) }),
]);

export const MediaSchema: v.GenericSchema<unknown, Media> = v.looseObject({
  type: v.picklist(['image', 'video']),
  source: MediaSourceSchema,
  alt: text(500),
  width: size,
  height: size,
  video: v.optional(
    v.looseObject({
      src: text(500),
      poster: v.optional(MediaSourceSchema),
      tracks: v.optional(list(v.looseObject({ src: text(500), label: text(100), srclang: text(20), kind: v.picklist(['captions', 'subtitles']) }))),
    }),
  ),
});

/** An image of a block's media list: a video there would have no player to start it. */
const ListedImageSchema = v.pipe(
  MediaSchema,
  v.check((media) => media.type === 'image', 'mediaList holds images; a video goes in media or in a VideoPlayer block.'),
);

export const TargetSchema: v.GenericSchema<unknown, Target> = v.looseObject({
  text: text(200),
  url: text(1000),
  targetAttribute: v.optional(v.picklist(['_self', '_blank'])),
  style: v.optional(v.picklist(['primary', 'secondary', 'tertiary', 'light', 'link'])),
  size: v.optional(v.picklist(['small', 'medium', 'large'])),
});

/** Fields every block may carry (account-content §3). */
export const COMMON = {
  id,
  title: optionalText(),
  titleHtml: optionalText(HTML_MAX),
  subtitle: optionalText(),
  subtitleHtml: optionalText(HTML_MAX),
  overline: optionalText(),
  eyebrowText: optionalText(),
  eyebrowLogo: v.optional(MediaSchema),
  richText: optionalText(HTML_MAX),
  richTextBelowTargets: optionalText(HTML_MAX),
  backgroundColor: optionalText(50),
  media: v.optional(MediaSchema),
  mediaList: v.optional(list(ListedImageSchema)),
  mediaTarget: v.optional(TargetSchema),
  targets: v.optional(list(TargetSchema)),
  linkType: v.optional(v.picklist(['CTA', 'No-CTA'])),
  promotionTracking: v.optional(v.looseObject({ promotionName: text(200) })),
  hideTitle: v.optional(v.boolean()),
  titleH1: v.optional(v.boolean()),
  caption: v.optional(
    v.looseObject({
      captionText: text(),
      captionPosition: v.optional(v.picklist(['top-left', 'top-right', 'bottom-left', 'bottom-right'])),
      captionStyle: v.optional(v.picklist(['light', 'dark'])),
      captionColor: optionalText(50),
    }),
  ),
  gradient: v.optional(
    v.looseObject({
      gradientStyle: v.picklist(['full', 'focused', 'off']),
      gradientTone: v.optional(v.picklist(['dark', 'light'])),
      gradientBreakpoints: breakpoints,
    }),
  ),
  equalTargetSize: v.optional(v.boolean()),
  bottomMargins: v.optional(v.picklist(['none', 'small', 'medium', 'large'])),
  hideOnBreakpoint: breakpoints,
};

export const BANNER_ENTRIES = {
  ...COMMON,
  type: v.literal('Banner'),
  variant: v.picklist(['block-below', 'espot', 'image', 'menu', 'overlay', 'split', 'thin', 'hero', 'hero-block-below', 'hero-product-overlay']),
  overlayWidth: v.optional(v.picklist(['xs', 'sm', 'md', 'lg'])),
  splitImageWidth: v.optional(v.picklist([60, 50, 40])),
  splitImagePosition: v.optional(v.picklist(['left', 'right'])),
  cinemaMode: v.optional(v.boolean()),
  contentAlignment: v.optional(v.picklist(['left', 'center', 'right'])),
  productId: optionalText(20),
};

/** A length in rem between min and max; the layout rounds it to a quarter rem (collection-layout.ts). */
const rem = (field: string, min: number, max: number) =>
  v.optional(v.pipe(v.number(), v.minValue(min, `${field} is at least ${min} (rem).`), v.maxValue(max, `${field} is at most ${max} (rem).`)));

export const LAYOUT = v.looseObject({
  type: v.picklist(['grid', 'carousel']),
  slideWidth: rem('slideWidth', 1, SLIDE_REM_MAX.slideWidth),
  slideMaxWidth: rem('slideMaxWidth', 1, SLIDE_REM_MAX.slideMaxWidth),
  slidePadding: rem('slidePadding', 0, SLIDE_REM_MAX.slidePadding),
  margin: v.optional(v.number()),
  showArrows: v.optional(v.boolean()),
  showIndicators: v.optional(v.boolean()),
  showProgress: v.optional(v.boolean()),
  autoplay: v.optional(v.boolean()),
  autorotateTime: v.optional(v.pipe(v.number(), v.minValue(1), v.maxValue(120))),
  loop: v.optional(v.boolean()),
  columns: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12))),
});

export const RECOMMENDED_PRODUCT = v.looseObject({
  productId: text(20),
  name: text(),
  url: text(1000),
  image: MediaSourceSchema,
  colourName: text(),
  reviewAverage: v.nullable(v.number()),
  reviewsCount: v.number(),
  price: v.looseObject({
    currency: text(3),
    lowCurrent: v.number(),
    highCurrent: v.number(),
    lowOriginal: v.number(),
    highOriginal: v.number(),
    current: v.number(),
    original: v.number(),
    onSale: v.boolean(),
  }),
  recommendationId: text(100),
});
