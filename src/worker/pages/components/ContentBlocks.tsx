// Renders content blocks inside a page: media URLs from the catalog index, the query for CTA and article
// filter states, and the blocks' UI labels in the page's language.

import type { Block } from '../../../shared/content/blocks.ts';
import type { Translate } from '../../../shared/i18n/format.ts';
import type { CatalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { Blocks } from '../../content/blocks/Blocks.tsx';
import { BlockContextProvider, type BlockLabelKey } from '../../content/blocks/context.tsx';
import { mediaUrlResolver } from '../../content/media.ts';
import { usePage } from '../page-context.tsx';

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
  'signInToRegister',
  'eventDates',
  'attendingDays',
];

export function blockLabels(t: Translate): Record<BlockLabelKey, string> {
  return Object.fromEntries(LABELS.map((key) => [key, t(`content.${key}`)])) as Record<BlockLabelKey, string>;
}

export function ContentBlocks({ items, index, search }: { items: Block[]; index: CatalogIndex; search: string }) {
  const { t } = usePage();
  const labels = blockLabels(t);
  return (
    <BlockContextProvider value={{ mediaUrl: mediaUrlResolver(index), search, labels }}>
      <Blocks items={items} />
    </BlockContextProvider>
  );
}
