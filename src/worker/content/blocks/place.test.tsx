import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Block, FilterByBlock } from '../../../shared/content/blocks.ts';
import { Blocks } from './Blocks.tsx';
import { BlockContextProvider } from './context.tsx';
import { ContentPlaceProvider, filterShows } from './place.tsx';
import { fakeMediaUrl, labels } from './test-render.tsx';

const filter = (variant: FilterByBlock['variant'], operator: FilterByBlock['operator'], filterBy: string[]): FilterByBlock => ({
  type: 'FilterBy',
  id: 'only-boots',
  variant,
  operator,
  filterBy,
  components: [{ type: 'RichText', id: 'boot-care', richText: '<p>Wax your boots twice a season.</p>' }],
});
const bootPage = { skus: ['ABC123', 'ABC123XY', 'ABC123XY09'], categoryIds: ['1000', '1200'] };

describe('the Filter-by block', () => {
  it('shows its components where the page meets the list (IN), or does not (NOT IN)', () => {
    expect(filterShows(filter('bySku', 'IN', ['abc123xy']), bootPage)).toBe(true);
    expect(filterShows(filter('bySku', 'IN', ['ZZZ999']), bootPage)).toBe(false);
    expect(filterShows(filter('bySku', 'NOT IN', ['ABC123']), bootPage)).toBe(false);
    expect(filterShows(filter('byCategory', 'IN', ['1200']), bootPage)).toBe(true);
    expect(filterShows(filter('byCategory', 'NOT IN', ['3000']), bootPage)).toBe(true);
    // A page about nothing in particular (search, a content page) meets no list.
    expect(filterShows(filter('byCategory', 'IN', ['1200']), { skus: [], categoryIds: [] })).toBe(false);
  });

  it('renders only where its rule holds', () => {
    const items: Block[] = [filter('bySku', 'IN', ['ABC123'])];
    const render = (place: typeof bootPage) =>
      renderToString(
        <ContentPlaceProvider value={place}>
          <BlockContextProvider value={{ mediaUrl: fakeMediaUrl, location: null, labels }}>
            <Blocks items={items} />
          </BlockContextProvider>
        </ContentPlaceProvider>,
      );
    expect(render(bootPage)).toContain('Wax your boots');
    expect(render({ skus: ['OTHER1'], categoryIds: [] })).not.toContain('Wax your boots');
  });
});
