// Each page type links the base sheet and its own, and no other page type's: a listing never downloads
// checkout's or the account's rules. Read through the sheets the build wrote and the pages the worker renders.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { assets, PAGE_SHEETS, type PageSheet } from '../../src/worker/assets.ts';
import { leafCategory, ORIGIN, one, request } from './helpers.ts';
import { Jar } from './jar.ts';

type Sheet = 'base' | PageSheet;

/** Rules only a page of that type shows: a sheet holding one is that page type's. */
const SIGNATURES: Record<Sheet, string[]> = {
  // The dialogs any page opens (sign-in, quick shop with its picker, the mini-cart) and the content blocks any page may show.
  base: ['.site-header', '.site-footer', '.panel-dialog', '.picker__option', '.cart__totals', '.cblock', '.banner--hero', '.carousel__track'],
  listing: ['.filters__toggle', '.facet__value'],
  product: ['.pdp__gallery', '.swatches__link', '.size-guide__table'],
  reviews: ['.reviews-layout', '.star-input__option'],
  stores: ['.store-card'],
  home: ['.hero__title'],
  account: ['.account__grid', '.address-book'],
  cart: ['.cart__layout', '.cart-line__qty'],
  order: ['.summary__line', '.confirmation__layout'],
  checkout: ['.checkout__steps'],
};

const cssOf = new Map<string, Promise<string>>();
function css(href: string): Promise<string> {
  let text = cssOf.get(href);
  if (!text) {
    text = env.ASSETS.fetch(new Request(`${ORIGIN}${href}`)).then((response) => {
      if (!response.ok) throw new Error(`${href}: ${response.status}`);
      return response.text();
    });
    cssOf.set(href, text);
  }
  return text;
}

/** The sheets a page links, by name, in the order it links them. */
function linkedSheets(html: string): string[] {
  const byUrl = new Map(Object.entries(assets.css).map(([name, url]) => [url, name]));
  return [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => byUrl.get(m[1] as string) ?? `unknown ${m[1]}`);
}

/** Classes a sheet has rules for ("." + name followed by something that ends the class name). */
const styles = (text: string, selector: string) => new RegExp(`${selector.replace(/[.-]/g, '\\$&')}(?![\\w-])`).test(text);

async function expectStyles(html: string, expected: Sheet[]): Promise<void> {
  expect(linkedSheets(html)).toEqual(expected);
  const text = (await Promise.all(expected.map((name) => css(assets.css[name])))).join('\n');
  for (const [sheet, selectors] of Object.entries(SIGNATURES) as [Sheet, string[]][]) {
    for (const selector of selectors) {
      expect({ sheet, selector, linked: styles(text, selector) }).toEqual({ sheet, selector, linked: expected.includes(sheet) });
    }
  }
}

async function page(path: string): Promise<string> {
  const response = await request(path);
  expect(response.status).toBeLessThan(500);
  return response.text();
}

async function variantInStock(): Promise<string> {
  const row = await one<{ id: string }>('SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id WHERE i.quantity > 5 ORDER BY v.id LIMIT 1');
  return row.id;
}

describe('the sheets each page type links', () => {
  it('a listing and a search link the base and listing sheets only', async () => {
    const category = await leafCategory();
    await expectStyles(await page(`/en-us/c/${category.slug}-${category.id}`), ['base', 'listing']);
    await expectStyles(await page('/en-us/search?q=boot'), ['base', 'listing']);
  });

  it('a product page links its own sheet and the reviews it shows, its reviews page only the reviews', async () => {
    const product = await one<{ slug: string; id: string }>('SELECT slug, id FROM products ORDER BY id LIMIT 1');
    await expectStyles(await page(`/en-us/p/${product.slug}-${product.id}`), ['base', 'product', 'reviews']);
    await expectStyles(await page(`/en-us/p/${product.slug}-${product.id}/reviews`), ['base', 'reviews']);
  });

  it('content pages (the home page, help) and the error page need the base sheet alone', async () => {
    await expectStyles(await page('/en-us'), ['base']);
    await expectStyles(await page('/en-us/help'), ['base']);
    await expectStyles(await page('/en-us/no-such-page'), ['base']);
  });

  it('the store locator, the account and its sign-in page link their own sheets', async () => {
    await expectStyles(await page('/en-us/stores'), ['base', 'stores']);
    await expectStyles(await page('/en-us/account'), ['base', 'account']);
  });

  it('the cart links its own sheet, checkout the order lines it shares with the account beside its own', async () => {
    const jar = new Jar();
    await expectStyles((await jar.get('/en-us/cart')).html, ['base', 'cart']);
    expect((await jar.post('/en-us/cart/add', { productId: await variantInStock(), qty: '1' })).status).toBe(303);
    await expectStyles((await jar.get('/en-us/cart')).html, ['base', 'cart']);
    await expectStyles((await jar.get('/en-us/checkout')).html, ['base', 'order', 'checkout']);
  });
});

describe('the sheets the build wrote', () => {
  it('has one per page type beside the base sheet', () => {
    expect(Object.keys(assets.css).sort()).toEqual(['base', ...PAGE_SHEETS].sort());
  });

  it('keeps each rule in one sheet', async () => {
    const seen = new Map<string, string>();
    for (const [name, href] of Object.entries(assets.css)) {
      for (const [rule] of (await css(href)).matchAll(/[^{}]+\{[^{}]*\}/g)) {
        expect({ rule, in: seen.get(rule) ?? name }).toEqual({ rule, in: name });
        seen.set(rule, name);
      }
    }
  });
});
