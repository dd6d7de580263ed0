import { describe, expect, it } from 'vitest';
import { buildListing, type ListingQuery, type ListingRow } from './listing.ts';

function row(styleId: string, colour: string, family: string, list: number, extra: Partial<ListingRow> = {}): ListingRow {
  return {
    styleId,
    productId: `${styleId}${colour}`,
    slug: `${styleId.toLowerCase()}-${colour.toLowerCase()}`,
    name: `Style ${styleId}`,
    eyebrow: null,
    productType: 'boot',
    badge: null,
    rating: 4.5,
    reviewCount: 10,
    isPresale: false,
    targetPublishDate: null,
    createdAt: '2026-01-01',
    featuredRank: 1,
    colourName: colour,
    colourFamily: family,
    swatchHex: '#000000',
    price: { list, sale: null, lowest30: null, saleSince: null },
    sizesInStock: ['9', '10'],
    ...extra,
  };
}

const rows: ListingRow[] = [
  row('AAAAAA', 'BK', 'black', 16000, { featuredRank: 3, createdAt: '2026-03-01' }),
  row('AAAAAA', 'BR', 'brown', 16000, { featuredRank: 3, createdAt: '2026-03-01', sizesInStock: ['11'] }),
  row('BBBBBB', 'BR', 'brown', 9000, { featuredRank: 1, badge: 'new', createdAt: '2026-06-01' }),
  row('CCCCCC', 'GN', 'green', 24000, { featuredRank: 2, price: { list: 24000, sale: 18000, lowest30: 20000, saleSince: '2026-11-01' } }),
];
const query = (q: Partial<ListingQuery> = {}): ListingQuery => ({ size: [], color: [], price: [], badge: [], sort: 'featured', page: 1, ...q });
const options = { currency: 'USD', today: '2026-11-21' };

describe('buildListing', () => {
  it('groups colours into one card per style, in featured order', () => {
    const listing = buildListing(rows, query(), options);
    expect(listing.cards.map((c) => c.styleId)).toEqual(['BBBBBB', 'CCCCCC', 'AAAAAA']);
    expect(listing.cards[2]?.colours).toHaveLength(2);
    expect(listing.total).toBe(3);
  });
  it('filters by colour and shows the matching colour on the card', () => {
    const listing = buildListing(rows, query({ color: ['brown'] }), options);
    expect(listing.cards.map((c) => c.styleId)).toEqual(['BBBBBB', 'AAAAAA']);
    expect(listing.cards[1]?.productId).toBe('AAAAAABR');
  });
  it('counts facet values disjunctively: a facet does not narrow its own counts', () => {
    const listing = buildListing(rows, query({ color: ['brown'] }), options);
    const colour = listing.facets.find((f) => f.id === 'color');
    expect(colour?.values.find((v) => v.value === 'green')?.count).toBe(1);
    expect(colour?.values.find((v) => v.value === 'brown')?.selected).toBe(true);
    const size = listing.facets.find((f) => f.id === 'size');
    expect(size?.values.map((v) => v.value)).toEqual(['9', '10', '11']);
  });
  it('filters by price bucket on the current price and by badge, including sale', () => {
    expect(buildListing(rows, query({ price: ['150-200'] }), options).cards.map((c) => c.styleId)).toEqual(['CCCCCC', 'AAAAAA']);
    expect(buildListing(rows, query({ badge: ['sale'] }), options).cards.map((c) => c.styleId)).toEqual(['CCCCCC']);
    expect(buildListing(rows, query({ badge: ['new'] }), options).cards.map((c) => c.styleId)).toEqual(['BBBBBB']);
  });
  it('sorts by price and by newest', () => {
    expect(buildListing(rows, query({ sort: 'price-asc' }), options).cards.map((c) => c.styleId)).toEqual(['BBBBBB', 'AAAAAA', 'CCCCCC']);
    expect(buildListing(rows, query({ sort: 'price-desc' }), options).cards.map((c) => c.styleId)).toEqual(['CCCCCC', 'AAAAAA', 'BBBBBB']);
    expect(buildListing(rows, query({ sort: 'newest' }), options).cards.map((c) => c.styleId)).toEqual(['BBBBBB', 'AAAAAA', 'CCCCCC']);
  });
  it('paginates and clamps a page past the end', () => {
    const listing = buildListing(rows, query({ page: 9 }), { ...options, pageSize: 2 });
    expect(listing.pages).toBe(2);
    expect(listing.page).toBe(2);
    expect(listing.cards.map((c) => c.styleId)).toEqual(['AAAAAA']);
  });
  it('summarizes the sale price of a card', () => {
    const card = buildListing(rows, query(), options).cards.find((c) => c.styleId === 'CCCCCC');
    expect(card?.price).toMatchObject({ current: 18000, original: 24000, onSale: true, percentagePriceDiscount: 25 });
  });
});
