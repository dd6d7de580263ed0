// One part of a page rendered to HTML inside the providers every part needs: translations, the page
// context and the island collector. The shell, the body, chrome shared by every page and each guarded
// list of blocks are all rendered this way.

import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { type I18n, I18nProvider } from '../../shared/ui/i18n-context.tsx';
import { type IslandCollector, IslandCollectorProvider } from './islands.tsx';
import { PageContextProvider, type PageContextValue } from './page-context.tsx';

export interface PartContext {
  i18n: I18n;
  page: PageContextValue;
  collector: IslandCollector;
}

export function renderPart({ i18n, page, collector }: PartContext, node: ReactNode): string {
  return renderToString(
    <I18nProvider value={i18n}>
      <PageContextProvider value={page}>
        <IslandCollectorProvider value={collector}>{node}</IslandCollectorProvider>
      </PageContextProvider>
    </I18nProvider>,
  );
}
