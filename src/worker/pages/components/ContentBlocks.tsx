// biome-ignore-all lint/security/noDangerouslySetInnerHtml: the markup is React's own render of the blocks, made apart so a failure costs only them.
// Renders content blocks inside a page: media URLs from the catalog index, the page's path and query for
// CTA and article filter states (none for markup shared by every page), and the blocks' UI labels. Each
// list of blocks (a section, an espot, the footer) renders apart: a block that fails leaves out its list,
// logged, and the rest of the page stands.

import type { Block } from '../../../shared/content/blocks.ts';
import type { Translate } from '../../../shared/i18n/format.ts';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import type { CatalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { Blocks } from '../../content/blocks/Blocks.tsx';
import { BlockContextProvider, type BlockLabelKey } from '../../content/blocks/context.tsx';
import { mediaUrlResolver } from '../../content/media.ts';
import { IslandCollector, useIslandCollector } from '../islands.tsx';
import { usePage } from '../page-context.tsx';
import { renderPart } from '../render-part.tsx';

const LABELS: BlockLabelKey[] = [
  'previous',
  'next',
  'readMore',
  'clearAll',
  'close',
  'seeMore',
  'seeLess',
  'filterBy',
  'slide',
  'register',
  'eventDates',
  'attendingDays',
];

export function blockLabels(t: Translate): Record<BlockLabelKey, string> {
  return Object.fromEntries(LABELS.map((key) => [key, t(`content.${key}`)])) as Record<BlockLabelKey, string>;
}

export interface ContentBlocksProps {
  items: Block[];
  index: CatalogIndex;
  /** The request's query string ("" or "?a=b"). */
  search?: string;
  /** Markup rendered once and reused on every page (the footer): it may not depend on the request. */
  shared?: boolean;
  /** Names the list in the log when it fails: "section:hero", "espot:category". */
  part?: string;
}

export function ContentBlocks({ items, index, search = '', shared = false, part = 'content' }: ContentBlocksProps) {
  const page = usePage();
  const i18n = useI18n();
  const collector = useIslandCollector();
  const own = new IslandCollector();
  let html: string;
  try {
    const location = shared ? null : { pathname: page.pathname, search };
    html = renderPart(
      { i18n, page, collector: own },
      <BlockContextProvider value={{ mediaUrl: mediaUrlResolver(index), location, labels: blockLabels(page.t) }}>
        <Blocks items={items} />
      </BlockContextProvider>,
    );
  } catch (error) {
    page.reportError(part, error);
    return null;
  }
  // Only a list that rendered brings its islands to the page.
  collector.merge(own.eager);
  return <div className="content-blocks" dangerouslySetInnerHTML={{ __html: html }} />;
}
