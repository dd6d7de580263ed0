// Content documents per kind (account-content §2, §3), as valibot schemas: the admin API checks a draft
// against its kind when it is saved and published (API400 naming the field), and the content service checks
// what it reads, so no page meets a document it cannot render. Each schema is typed by the interface in
// shared/content/blocks.ts it checks: the compiler keeps the two in step. Unknown fields are kept.

import * as v from 'valibot';
import {
  type BlocksDocument,
  type ContentKind,
  MENU_ICONS,
  type MenuDocument,
  type MenuNode,
  type PageDocument,
  type PopupDocument,
} from '../content/blocks.ts';
import { BannerSchema, BlockSchema } from './content-blocks.ts';
import { id, list, MediaSchema, MediaSourceSchema, optionalText, TargetSchema, text } from './content-fields.ts';

/** A path (resolved on any origin) or an http(s) URL: what a canonical link may hold. */
function isPageUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, 'https://store.invalid').protocol);
  } catch {
    return false;
  }
}

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
  transparentHeader: v.optional(v.boolean()),
});

const BlocksDocumentSchema: v.GenericSchema<unknown, BlocksDocument> = v.looseObject({ items: list(BlockSchema) });

const MenuNodeSchema: v.GenericSchema<unknown, MenuNode> = v.lazy(() =>
  v.looseObject({
    id,
    title: text(200),
    target: v.optional(TargetSchema),
    menuStyle: v.optional(v.picklist(['default', 'featured', 'sale'])),
    menuIcon: v.optional(v.picklist(MENU_ICONS, `menuIcon is one of the store's icons: ${MENU_ICONS.join(', ')}.`)),
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
