// Content blocks as valibot schemas (account-content §3), one per block type: the leaf blocks, then the
// block union, whose containers (Collection, FilterBy, Experience, Segmentation) hold blocks again. Each is
// typed by shared/content/blocks.ts through the union's Block type.

import * as v from 'valibot';
import type { Block } from '../content/blocks.ts';
import { VISIBILITY_SEGMENTS } from '../content/blocks.ts';
import { BANNER_ENTRIES, COMMON, HTML_MAX, id, LAYOUT, list, MediaSchema, optionalText, RECOMMENDED_PRODUCT, text } from './content-fields.ts';

export const BannerSchema = v.looseObject(BANNER_ENTRIES);

const CATEGORY_CARD = v.looseObject({
  ...COMMON,
  type: v.literal('CategoryCard'),
  categoryId: v.pipe(v.number(), v.integer()),
  category: v.optional(v.looseObject({ name: text(), url: text(1000) })),
});

const LINKED_CARD = v.looseObject({ ...COMMON, type: v.picklist(['LinkedCard', 'MultiLinkCard']) });

const PRODUCT_RECOMMENDATIONS = v.looseObject({
  ...COMMON,
  type: v.literal('ProductRecommendations'),
  productIds: v.optional(list(text(20))),
  categoryId: v.optional(v.pipe(v.number(), v.integer())),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(48))),
  layout: v.optional(v.picklist(['six-card', 'four-card'])),
  products: v.optional(list(RECOMMENDED_PRODUCT)),
});

const PROMO_BAR = v.looseObject({ ...COMMON, type: v.literal('PromoBar'), messages: list(v.looseObject({ text: text(), url: optionalText(1000) })) });

const BENEFIT_BAR = v.looseObject({
  ...COMMON,
  type: v.literal('BenefitBar'),
  logo: v.optional(MediaSchema),
  backgroundImage: v.optional(MediaSchema),
  alignment: v.optional(v.picklist(['left', 'center'])),
  infoIcon: v.optional(v.boolean()),
  showCloseButton: v.optional(v.boolean()),
  benefits: list(v.looseObject({ id, url: optionalText(1000), text: text() })),
});

const RICH_TEXT = v.looseObject({ ...COMMON, type: v.literal('RichText') });

const SPACER = v.looseObject({ ...COMMON, type: v.literal('Spacer'), size: v.picklist(['small', 'medium', 'large']) });

const ACCORDION = v.looseObject({ ...COMMON, type: v.literal('Accordion'), items: list(v.looseObject({ id, title: text(), richText: text(HTML_MAX) })) });

const VIDEO_PLAYER = v.looseObject({
  ...COMMON,
  type: v.literal('VideoPlayer'),
  mediaByBreakpoint: v.optional(v.looseObject({ sm: v.optional(MediaSchema), md: v.optional(MediaSchema), lg: v.optional(MediaSchema) })),
  playerSettings: v.looseObject({ autoplay: v.boolean(), hideControls: v.boolean(), loop: v.boolean(), muted: v.boolean() }),
  // Checked to the characters Cloudinary's names use, so the delivery URLs built from them need no escaping.
  cloudinaryAsset: v.optional(
    v.looseObject({
      cloudName: v.pipe(text(64), v.regex(/^[a-z0-9][a-z0-9_-]*$/, 'cloudName is a Cloudinary cloud name: lower-case letters, digits, - and _.')),
      publicId: v.pipe(
        text(255),
        v.regex(/^[\w-]+(?:\/[\w-]+)*$/, 'publicId is a Cloudinary public ID without its extension: letters, digits, - and _, folders split by /.'),
      ),
    }),
  ),
});

const ARTICLE_GRID = v.looseObject({
  ...COMMON,
  type: v.literal('ArticleGrid'),
  showFilterBar: v.boolean(),
  gridSize: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(96)),
  loadMore: v.boolean(),
  hidePageDate: v.optional(v.boolean()),
  facets: list(v.looseObject({ id, label: text(200) })),
  articles: list(
    v.looseObject({
      id,
      url: text(1000),
      title: text(),
      picture: MediaSchema,
      tags: list(text(100)),
      facets: list(text(100)),
      date: optionalText(40),
      eyebrow: optionalText(),
    }),
  ),
});

const SECONDARY_NAVIGATION = v.looseObject({ ...COMMON, type: v.literal('SecondaryNavigation') });

const UGC_WIDGET = v.looseObject({ ...COMMON, type: v.literal('UgcWidget'), containerId: text(100) });

const EVENT_SIGN_UP = v.looseObject({
  ...COMMON,
  type: v.literal('EventSignUp'),
  eventId: text(100),
  startDate: text(40),
  endDate: text(40),
  enablePlusOne: v.boolean(),
  capacity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000))),
  location: v.optional(text(200)),
  submitCtaLabel: text(200),
  confirmationTitle: text(),
  confirmationSubtitle: text(),
});

const GENERIC_DIALOG = v.looseObject({ ...COMMON, type: v.literal('GenericDialog'), triggerText: text(200) });

const FRAGMENT_REF = v.looseObject({ type: v.literal('FragmentRef'), id, fragmentId: text(120) });

/** Any block; containers hold blocks again, to the depth the admin API's body nesting limit allows. */
export const BlockSchema: v.GenericSchema<unknown, Block> = v.lazy(() =>
  v.variant(
    'type',
    [
      BannerSchema,
      v.looseObject({
        ...COMMON,
        type: v.literal('Collection'),
        variant: v.picklist(['standard', 'vertical-list', 'cta-buttons', 'icon-and-text']),
        name: optionalText(),
        layout: v.optional(v.looseObject({ sm: v.optional(LAYOUT), md: v.optional(LAYOUT), lg: v.optional(LAYOUT) })),
        alignment: v.optional(v.picklist(['left', 'center'])),
        isFullWidth: v.optional(v.boolean()),
        isFullHeight: v.optional(v.boolean()),
        iconSize: v.optional(v.picklist(['small', 'medium', 'large'])),
        items: list(BlockSchema),
      }),
      CATEGORY_CARD,
      LINKED_CARD,
      PRODUCT_RECOMMENDATIONS,
      PROMO_BAR,
      BENEFIT_BAR,
      RICH_TEXT,
      SPACER,
      ACCORDION,
      VIDEO_PLAYER,
      ARTICLE_GRID,
      SECONDARY_NAVIGATION,
      v.looseObject({
        ...COMMON,
        type: v.literal('FilterBy'),
        variant: v.picklist(['bySku', 'byCategory']),
        filterBy: list(text(100)),
        operator: v.picklist(['IN', 'NOT IN']),
        components: list(BlockSchema),
      }),
      UGC_WIDGET,
      EVENT_SIGN_UP,
      GENERIC_DIALOG,
      v.looseObject({
        ...COMMON,
        type: v.literal('Experience'),
        experienceId: text(64),
        name: text(200),
        baselines: list(BlockSchema),
        variants: list(
          v.looseObject({
            name: text(200),
            variantId: text(64),
            label: text(20),
            weight: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
            targets: list(BlockSchema),
          }),
        ),
        trackingEvent: optionalText(200),
      }),
      v.looseObject({
        ...COMMON,
        type: v.literal('Segmentation'),
        segments: list(v.looseObject({ id: v.picklist(VISIBILITY_SEGMENTS), targets: list(BlockSchema) })),
        baselines: list(BlockSchema),
      }),
      FRAGMENT_REF,
    ],
    'Every block needs a known type (Banner, Collection, RichText, ...).',
  ),
);
