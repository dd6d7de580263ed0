// Content documents per kind (account-content §2, §3), as valibot schemas: the admin API checks a draft
// against its kind when it is saved and published (API400 naming the field), and the content service checks
// what it reads, so no page meets a document it cannot render. Each schema is typed by the interface in
// shared/content/blocks.ts it checks: the compiler keeps the two in step. Unknown fields are kept.

import * as v from 'valibot';
import type { Block, BlocksDocument, ContentKind, Media, MediaSource, MenuDocument, MenuNode, PageDocument, PopupDocument, Target } from '../content/blocks.ts';
import { VISIBILITY_SEGMENTS } from '../content/blocks.ts';

const TEXT_MAX = 2_000;
const HTML_MAX = 100_000;
const LIST_MAX = 200;

const text = (max = TEXT_MAX) => v.pipe(v.string(), v.maxLength(max, `At most ${max} characters.`));
const optionalText = (max = TEXT_MAX) => v.optional(text(max));
const list = <T extends v.GenericSchema>(item: T) => v.pipe(v.array(item), v.maxLength(LIST_MAX, `At most ${LIST_MAX} entries.`));
const id = v.pipe(v.string('Every block needs an id.'), v.minLength(1, 'An id cannot be empty.'), v.maxLength(100, 'An id has at most 100 characters.'));
const size = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000));
const BREAKPOINT = v.picklist(['sm', 'md', 'lg']);
const breakpoints = v.optional(v.array(BREAKPOINT));

const MediaSourceSchema: v.GenericSchema<unknown, MediaSource> = v.variant('kind', [
  v.object({ kind: v.literal('banner'), name: v.picklist(['hero', 'trail', 'city', 'kids']) }),
  v.object({ kind: v.literal('product'), productId: text(20), view: v.optional(v.picklist(['side', 'angle', 'detail'])) }),
  v.object({ kind: v.literal('path'), path: v.pipe(text(500), v.regex(/^\/(?![/\\])/, 'A media path is a file of this store, like /assets/stories/a.svg.')) }),
]);

const MediaSchema: v.GenericSchema<unknown, Media> = v.looseObject({
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

const TargetSchema: v.GenericSchema<unknown, Target> = v.looseObject({
  text: text(200),
  url: text(1000),
  targetAttribute: v.optional(v.picklist(['_self', '_blank'])),
  style: v.optional(v.picklist(['primary', 'secondary', 'tertiary', 'light', 'link'])),
  size: v.optional(v.picklist(['small', 'medium', 'large'])),
});

/** A path (resolved on any origin) or an http(s) URL: what a canonical link may hold. */
function isPageUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, 'https://store.invalid').protocol);
  } catch {
    return false;
  }
}

/** Fields every block may carry (account-content §3). */
const COMMON = {
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
  mediaList: v.optional(list(MediaSchema)),
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

const BANNER_ENTRIES = {
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

const LAYOUT = v.looseObject({
  type: v.picklist(['grid', 'carousel']),
  slideWidth: v.optional(v.number()),
  slideMaxWidth: v.optional(v.number()),
  slidePadding: v.optional(v.number()),
  margin: v.optional(v.number()),
  showArrows: v.optional(v.boolean()),
  showIndicators: v.optional(v.boolean()),
  showProgress: v.optional(v.boolean()),
  autoplay: v.optional(v.boolean()),
  autorotateTime: v.optional(v.pipe(v.number(), v.minValue(1), v.maxValue(120))),
  loop: v.optional(v.boolean()),
  columns: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12))),
});

const RECOMMENDED_PRODUCT = v.looseObject({
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

/** Any block; containers hold blocks again, to the depth the admin API's body nesting limit allows. */
const BlockSchema: v.GenericSchema<unknown, Block> = v.lazy(() =>
  v.variant(
    'type',
    [
      v.looseObject(BANNER_ENTRIES),
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
      v.looseObject({
        ...COMMON,
        type: v.literal('CategoryCard'),
        categoryId: v.pipe(v.number(), v.integer()),
        category: v.optional(v.looseObject({ name: text(), url: text(1000) })),
      }),
      v.looseObject({ ...COMMON, type: v.picklist(['LinkedCard', 'MultiLinkCard']) }),
      v.looseObject({
        ...COMMON,
        type: v.literal('ProductRecommendations'),
        productIds: v.optional(list(text(20))),
        categoryId: v.optional(v.pipe(v.number(), v.integer())),
        limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(48))),
        layout: v.optional(v.picklist(['six-card', 'four-card'])),
        products: v.optional(list(RECOMMENDED_PRODUCT)),
      }),
      v.looseObject({ ...COMMON, type: v.literal('PromoBar'), messages: list(v.looseObject({ text: text(), url: optionalText(1000) })) }),
      v.looseObject({
        ...COMMON,
        type: v.literal('BenefitBar'),
        logo: v.optional(MediaSchema),
        backgroundImage: v.optional(MediaSchema),
        alignment: v.optional(v.picklist(['left', 'center'])),
        infoIcon: v.optional(v.boolean()),
        showCloseButton: v.optional(v.boolean()),
        benefits: list(v.looseObject({ id, url: optionalText(1000), text: text() })),
      }),
      v.looseObject({ ...COMMON, type: v.literal('RichText') }),
      v.looseObject({ ...COMMON, type: v.literal('Spacer'), size: v.picklist(['small', 'medium', 'large']) }),
      v.looseObject({ ...COMMON, type: v.literal('Accordion'), items: list(v.looseObject({ id, title: text(), richText: text(HTML_MAX) })) }),
      v.looseObject({
        ...COMMON,
        type: v.literal('VideoPlayer'),
        mediaByBreakpoint: v.optional(v.looseObject({ sm: v.optional(MediaSchema), md: v.optional(MediaSchema), lg: v.optional(MediaSchema) })),
        playerSettings: v.looseObject({ autoplay: v.boolean(), hideControls: v.boolean(), loop: v.boolean(), muted: v.boolean() }),
      }),
      v.looseObject({
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
      }),
      v.looseObject({ ...COMMON, type: v.literal('SecondaryNavigation') }),
      v.looseObject({
        ...COMMON,
        type: v.literal('FilterBy'),
        variant: v.picklist(['bySku', 'byCategory']),
        filterBy: list(text(100)),
        operator: v.picklist(['IN', 'NOT IN']),
        components: list(BlockSchema),
      }),
      v.looseObject({ ...COMMON, type: v.literal('UgcWidget'), containerId: text(100) }),
      v.looseObject({
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
      }),
      v.looseObject({ ...COMMON, type: v.literal('GenericDialog'), triggerText: text(200) }),
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
      v.looseObject({ type: v.literal('FragmentRef'), id, fragmentId: text(120) }),
    ],
    'Every block needs a known type (Banner, Collection, RichText, ...).',
  ),
);

const BannerSchema = v.looseObject(BANNER_ENTRIES);

const PageMetadataSchema = v.looseObject({
  htmlTitle: optionalText(300),
  htmlDescription: optionalText(1000),
  ogTitle: optionalText(300),
  ogDescription: optionalText(1000),
  ogImage: v.optional(MediaSourceSchema),
  canonical: v.optional(v.pipe(text(1000), v.check(isPageUrl, 'canonical is a path of this store, like /en-us/stories, or an https URL.'))),
  robots: optionalText(100),
});

const PageDocumentSchema: v.GenericSchema<unknown, PageDocument> = v.looseObject({
  content: v.looseObject({
    sections: list(v.looseObject({ name: text(100), items: list(BlockSchema), lazy: v.optional(v.boolean()) })),
  }),
  metadata: PageMetadataSchema,
  mainContentPadding: v.optional(v.boolean()),
});

const BlocksDocumentSchema: v.GenericSchema<unknown, BlocksDocument> = v.looseObject({ items: list(BlockSchema) });

const MenuNodeSchema: v.GenericSchema<unknown, MenuNode> = v.lazy(() =>
  v.looseObject({
    id,
    title: text(200),
    target: v.optional(TargetSchema),
    menuStyle: v.optional(v.picklist(['default', 'featured', 'sale'])),
    menuIcon: optionalText(100),
    columns: v.optional(list(MenuNodeSchema)),
    menuBanner: v.optional(BannerSchema),
    visualSelectors: v.optional(list(v.looseObject({ id, title: text(200), url: text(1000), media: MediaSchema }))),
    visualSelectorsTitle: optionalText(200),
    hideShopAll: v.optional(v.looseObject({ sm: v.optional(v.boolean()), lg: v.optional(v.boolean()) })),
    overrideShopAll: v.optional(TargetSchema),
    delocalizedTracking: optionalText(200),
  }),
);

const MenuDocumentSchema: v.GenericSchema<unknown, MenuDocument> = v.looseObject({
  items: list(MenuNodeSchema),
  openOn: v.optional(v.picklist(['hover', 'click'])),
});

const PopupSchema = v.looseObject({
  id,
  name: text(200),
  delay: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(600_000))),
  logo: v.optional(MediaSchema),
  logoSize: v.optional(v.picklist(['small', 'medium', 'large'])),
  minimizedTitle: text(200),
  maximizedTitle: text(200),
  disclaimer: optionalText(),
  baselines: list(BlockSchema),
});

const PopupDocumentSchema: v.GenericSchema<unknown, PopupDocument> = v.looseObject({ popups: list(PopupSchema) });

/** The schema a document of each kind must meet. */
export function documentSchema(kind: ContentKind): v.GenericSchema<unknown, PageDocument | BlocksDocument | MenuDocument | PopupDocument> {
  switch (kind) {
    case 'page':
      return PageDocumentSchema;
    case 'menu':
      return MenuDocumentSchema;
    case 'popups':
      return PopupDocumentSchema;
    default:
      return BlocksDocumentSchema;
  }
}

export interface CheckedDocument<T> {
  /** The document, without the entries that failed; null when even its frame does not hold. */
  document: T | null;
  /** What was wrong, as "path: message", for the log. */
  problems: string[];
}

function describe(issues: readonly v.BaseIssue<unknown>[], prefix: string): string[] {
  return issues.slice(0, 5).map((issue) => {
    const path = v.getDotPath(issue);
    return `${prefix}${path ? `${prefix ? '.' : ''}${path}` : ''}: ${issue.message}`;
  });
}

/** The entries of a list that meet their schema; each one dropped is a problem. Not a list: left as it is, to fail. */
function keepValid(list: unknown, schema: v.GenericSchema, path: string, problems: string[]): unknown {
  if (!Array.isArray(list)) return list;
  return list.filter((entry, i) => {
    const result = v.safeParse(schema, entry);
    if (!result.success) problems.push(...describe(result.issues, `${path}.${i}`));
    return result.success;
  });
}

/** The page metadata fields that hold: a bad canonical costs the canonical link, not the page. */
function validMetadata(metadata: unknown, problems: string[]): unknown {
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) return metadata;
  return Object.fromEntries(
    Object.entries(metadata).filter(([field, value]) => {
      const result = v.safeParse(PageMetadataSchema, { [field]: value });
      if (!result.success) problems.push(...describe(result.issues, 'metadata'));
      return result.success;
    }),
  );
}

/** A document's frame with its failing list entries (blocks, sections, menu nodes, pop-ups) taken out. */
function salvage(kind: ContentKind, body: Record<string, unknown>, problems: string[]): unknown {
  switch (kind) {
    case 'page': {
      const content = body.content as { sections?: unknown } | undefined;
      if (!Array.isArray(content?.sections)) return body;
      const sections = content.sections.map((section: { items?: unknown }, i) => ({
        ...section,
        items: keepValid(section?.items, BlockSchema, `content.sections.${i}.items`, problems),
      }));
      return { ...body, content: { ...content, sections }, metadata: validMetadata(body.metadata, problems) };
    }
    case 'menu':
      return { ...body, items: keepValid(body.items, MenuNodeSchema, 'items', problems) };
    case 'popups':
      return { ...body, popups: keepValid(body.popups, PopupSchema, 'popups', problems) };
    default:
      return { ...body, items: keepValid(body.items, BlockSchema, 'items', problems) };
  }
}

/**
 * A document read for rendering, checked against its kind: whole when it holds, else without the entries
 * that fail, so one broken block or menu node costs only itself.
 */
export function checkDocument<T>(kind: ContentKind, body: unknown): CheckedDocument<T> {
  const schema = documentSchema(kind);
  const whole = v.safeParse(schema, body);
  if (whole.success) return { document: body as T, problems: [] };
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { document: null, problems: describe(whole.issues, '') };
  const problems: string[] = [];
  const salvaged = salvage(kind, body as Record<string, unknown>, problems);
  const again = v.safeParse(schema, salvaged);
  if (!again.success) return { document: null, problems: [...problems, ...describe(again.issues, '')] };
  return { document: salvaged as T, problems };
}
