// A content page: its sections of blocks, personalised for this visitor before rendering.

import type { PageDocument } from '../../../shared/content/blocks.ts';
import type { CatalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { ContentBlocks } from '../components/ContentBlocks.tsx';

export function CmsPage({ page, index, search }: { page: PageDocument; index: CatalogIndex; search: string }) {
  return (
    <div className={`page page--cms${page.mainContentPadding === false ? ' page--flush' : ''}`}>
      {page.content.sections.map((section) => (
        <section key={section.name} className="cms-section" data-section={section.name}>
          <ContentBlocks items={section.items} index={index} search={search} />
        </section>
      ))}
    </div>
  );
}
