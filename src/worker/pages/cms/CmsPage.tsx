// A content page: its sections of blocks, personalised for this visitor before rendering.

import type { Block, PageDocument } from '../../../shared/content/blocks.ts';
import type { CatalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { ContentBlocks } from '../components/ContentBlocks.tsx';

/** `espot` is the generic slot, shown after a content page's own sections (the home page has none). */
export function CmsPage({ page, index, search, espot = [] }: { page: PageDocument; index: CatalogIndex; search: string; espot?: Block[] }) {
  return (
    <div className={`page page--cms${page.mainContentPadding === false ? ' page--flush' : ''}`}>
      {page.content.sections.map((section) => (
        <section key={section.name} className="cms-section" data-section={section.name}>
          <ContentBlocks items={section.items} index={index} search={search} />
        </section>
      ))}
      {espot.length > 0 ? (
        <div className="espot espot--generic">
          <ContentBlocks items={espot} index={index} search={search} />
        </div>
      ) : null}
    </div>
  );
}
