import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Block } from '../../../shared/content/blocks.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { DEFAULT_LOCALE } from '../../../shared/locale/sites.ts';
import { I18nProvider } from '../../../shared/ui/i18n-context.tsx';
import type { CatalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { IslandCollector, IslandCollectorProvider } from '../islands.tsx';
import { PageContextProvider, type PageContextValue } from '../page-context.tsx';
import { ContentBlocks } from './ContentBlocks.tsx';

const t = translator('en', 'en-US');

function renderLists(lists: Block[][]) {
  const reported: string[] = [];
  const page = { locale: DEFAULT_LOCALE, t, pathname: '/en-us', reportError: (part: string) => reported.push(part) } as unknown as PageContextValue;
  const html = renderToString(
    <I18nProvider value={{ t, localeTag: DEFAULT_LOCALE.tag, locale: DEFAULT_LOCALE.code }}>
      <PageContextProvider value={page}>
        <IslandCollectorProvider value={new IslandCollector()}>
          {lists.map((items, i) => (
            <ContentBlocks key={items[0]?.id} items={items} index={{ products: new Map() } as unknown as CatalogIndex} part={`section:${i}`} />
          ))}
        </IslandCollectorProvider>
      </PageContextProvider>
    </I18nProvider>,
  );
  return { html, reported };
}

describe('ContentBlocks', () => {
  it('leaves out a list whose block throws while rendering, reports it, and keeps the other lists', () => {
    const exploding = {
      type: 'RichText',
      id: 'boom',
      get richText(): string {
        throw new Error('a value the schema let through');
      },
    } as Block;
    const { html, reported } = renderLists([[{ type: 'RichText', id: 'kept', richText: '<p>Kept</p>' }], [exploding]]);
    expect(html).toContain('Kept');
    expect(reported).toEqual(['section:1']);
  });
});
