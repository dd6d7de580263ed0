import { describe, expect, it } from 'vitest';
import { compareSizes } from '../commerce/catalog/sizes.ts';
import { paginationItems } from './pagination.ts';

const shown = (current: number, total: number) =>
  paginationItems(current, total).map((i) => (i.type === 'gap' ? '…' : i.current ? `[${i.page}]` : String(i.page)));

describe('paginationItems', () => {
  it('shows nothing for a single page', () => {
    expect(shown(1, 1)).toEqual([]);
  });
  it('shows two sibling pages around the current one, first and last', () => {
    expect(shown(1, 10)).toEqual(['[1]', '2', '3', '…', '10']);
    expect(shown(6, 12)).toEqual(['1', '…', '4', '5', '[6]', '7', '8', '…', '12']);
    expect(shown(10, 10)).toEqual(['1', '…', '8', '9', '[10]']);
  });
  it('fills a gap of one page with the page itself', () => {
    expect(shown(4, 7)).toEqual(['1', '2', '3', '[4]', '5', '6', '7']);
  });
});

describe('compareSizes', () => {
  it('orders shoe, apparel and kids sizes as shoppers expect', () => {
    expect(['10', '7.5', '9', '7'].sort(compareSizes)).toEqual(['7', '7.5', '9', '10']);
    expect(['XL', 'S', 'XXL', 'M', 'XS', 'L'].sort(compareSizes)).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
    expect(['1Y', '13C', '10C', '3Y'].sort(compareSizes)).toEqual(['10C', '13C', '1Y', '3Y']);
  });
});
