import { describe, expect, it } from 'vitest';
import { ADMIN_HEADERS, getJson, leafCategory, one, request, saleProduct, shoeWithWidths } from './helpers.ts';

type Json = Record<string, any>;

describe('locale redirects', () => {
  it('sends a bare path to the locale of Accept-Language and the country', async () => {
    const response = await request('/', { headers: { 'accept-language': 'fr-CA,fr;q=0.9' } });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/fr-ca');
  });
  it('prefers the locale cookie and keeps the path and query', async () => {
    const response = await request('/cart?x=1', { headers: { cookie: 'locale=en-gb', 'accept-language': 'de' } });
    expect(response.headers.get('location')).toBe('/en-gb/cart?x=1');
  });
  it('falls back to en-us, and replaces a locale the store does not serve', async () => {
    expect((await request('/p/boot-ABCDEFGH')).headers.get('location')).toBe('/en-us/p/boot-ABCDEFGH');
    expect((await request('/en-au/c/mens-1234')).headers.get('location')).toBe('/en-us/c/mens-1234');
  });
});

describe('home page', () => {
  it('streams a complete document in the locale with security headers', async () => {
    const response = await request('/fr-fr');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="fr-FR">/);
    expect(html).toMatch(/hreflang="x-default"/i);
    // The home page marketers published, personalised, with its products filled in.
    expect(html).toContain('data-section=');
    expect(html).toContain('cblock--productrecommendations');
    expect(html).not.toContain('FragmentRef');
    expect(response.headers.get('cache-status')).toMatch(/^cairn-content; (hit|fwd=uri-miss)/);
    const csp = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    for (const script of html.match(/<script[^>]*>/g) ?? []) expect(script).toContain(`nonce="${nonce}"`);
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-correlation-id')).toBeTruthy();
    expect(response.headers.get('set-cookie')).toContain('locale=fr-fr');
  });
});

describe('category page', () => {
  it('lists products with breadcrumbs, facets and the canonical URL', async () => {
    const category = await leafCategory();
    const response = await request(`/en-us/c/${category.slug}-${category.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('class="breadcrumbs"');
    expect(html).toContain(`rel="canonical" href="https://store.test/en-us/c/${category.slug}-${category.id}"`);
    expect(html).toContain('name="size"');
    expect(html).toContain('name="color"');
    expect(html).toMatch(/class="card"/);
  });
  it('filters without JavaScript through query parameters', async () => {
    const category = await one<{ id: number; slug: string }>('SELECT id, slug FROM categories WHERE level = 1 ORDER BY position LIMIT 1');
    const all = await (await request(`/en-us/c/${category.slug}-${category.id}`)).text();
    const black = await (await request(`/en-us/c/${category.slug}-${category.id}?color=black&sort=price-asc`)).text();
    const count = (html: string) => Number(/class="listing-header__count">([\d,]+)/.exec(html)?.[1]?.replace(',', ''));
    expect(count(black)).toBeGreaterThan(0);
    expect(count(black)).toBeLessThan(count(all));
    expect(black).toContain('class="chip"');
    expect(black).toContain('<meta name="robots" content="noindex, follow"/>');
  });
  it('redirects the alternate form and a wrong slug to the canonical URL', async () => {
    const category = await one<{ id: number; slug: string }>('SELECT id, slug FROM categories WHERE id < 1000000 ORDER BY id LIMIT 1');
    const alternate = await request(`/en-gb/c/${category.slug}-c${category.id}`);
    expect(alternate.status).toBe(301);
    expect(alternate.headers.get('location')).toBe(`/en-gb/c/${category.slug}-${category.id}`);
    const wrongSlug = await request(`/en-gb/c/whatever-${category.id}?page=2`);
    expect(wrongSlug.headers.get('location')).toBe(`/en-gb/c/${category.slug}-${category.id}?page=2`);
  });
  it('answers 404 for an unknown category', async () => {
    const response = await request('/en-us/c/nothing-99999999');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('This page is not available.');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
  it('shows CAD by its code on the Canadian site', async () => {
    const category = await leafCategory();
    const html = await (await request(`/en-ca/c/${category.slug}-${category.id}`)).text();
    expect(html).toMatch(/CAD\s?\d/);
    expect(html).not.toMatch(/class="price__current">\$/);
  });
});

describe('product page', () => {
  it('renders the product with JSON-LD, canonical and hreflang, and the pickers', async () => {
    const shoe = await shoeWithWidths();
    const response = await request(`/en-us/p/${shoe.slug}-${shoe.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<h1 class="pdp__name">${shoe.name}</h1>`);
    expect(html).toMatch(/hreflang="fr-CA"/i);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? '[]');
    expect(jsonLd[0]['@type']).toBe('Product');
    expect(jsonLd[0].offers.length).toBeGreaterThan(1);
    expect(jsonLd[0].offers[0]).toMatchObject({ '@type': 'Offer', priceCurrency: 'USD' });
    expect(html).toContain('data-island="product-picker"');
    expect(html).toContain('picker__group--width');
    expect(html).toContain('Choose a size and width to see availability');
  });
  it('preselects a variant named in the path and reports its stock', async () => {
    const shoe = await shoeWithWidths();
    const html = await (await request(`/en-us/p/${shoe.slug}-${shoe.variant}`)).text();
    expect(html).toContain(`Item ${shoe.variant}`);
    expect(html).toMatch(/stock__status--ok|stock__status--low/);
  });
  it('reports a sold-out variant chosen by query', async () => {
    const shoe = await shoeWithWidths();
    const soldOut = await one<{ size: string; width: string }>('SELECT size, width FROM variants WHERE id = ?', shoe.sold_out);
    const html = await (await request(`/en-us/p/${shoe.slug}-${shoe.id}?size=${soldOut.size}&width=${soldOut.width}`)).text();
    expect(html).toContain('stock__status--out');
  });
  it('redirects the -p form, and answers 404 for an unknown product or variant', async () => {
    const shoe = await shoeWithWidths();
    const alternate = await request(`/en-us/p/${shoe.slug}-p${shoe.id}`);
    expect(alternate.status).toBe(301);
    expect(alternate.headers.get('location')).toBe(`/en-us/p/${shoe.slug}-${shoe.id}`);
    expect((await request('/en-us/p/nothing-ZZZZZZZZ')).status).toBe(404);
    expect((await request(`/en-us/p/${shoe.slug}-${shoe.id}ZZZ`)).status).toBe(404);
  });
  it('shows the 30-day lowest price on an EU sale', async () => {
    const product = await saleProduct();
    const html = await (await request(`/fr-fr/p/${product.slug}-${product.id}`)).text();
    expect(html).toContain('price__lowest');
    expect(html).toContain('€');
  });
});

describe('search page', () => {
  it('ranks products for a query', async () => {
    const html = await (await request('/en-us/search?q=boot')).text();
    expect(html).toContain('Results for “boot”');
    expect(html).toMatch(/class="card"/);
    expect(html).toContain('value="boot"');
  });
  it('says when nothing matched', async () => {
    const response = await request('/en-us/search?q=zzqqxx');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('We couldn’t find anything for “zzqqxx”.');
  });
});

describe('not found', () => {
  it('answers 404 with the localized page', async () => {
    const response = await request('/fr-fr/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('lang="fr-FR"');
  });
});

describe('espots', () => {
  it('shows the category and product espots from the content service', async () => {
    const category = await leafCategory();
    const listing = await (await request(`/en-us/c/${category.slug}-${category.id}`)).text();
    expect(listing).toContain('espot espot--category');
    const shoe = await shoeWithWidths();
    const product = await (await request(`/en-us/p/${shoe.slug}-${shoe.id}`)).text();
    expect(product).toContain('espot espot--product');
  });

  it('shows gift cards their own slot, on their listing and their page', async () => {
    const giftCards = await one<{ id: number }>("SELECT id FROM categories WHERE slug = 'gift-cards'");
    const listing = await (await request(`/en-us/c/gift-cards-${giftCards.id}`)).text();
    expect(listing).toContain('Delivered in minutes');
    expect(listing).not.toContain('espot--category');
    const card = await one<{ id: string; slug: string }>(
      "SELECT p.id, p.slug FROM products p JOIN styles s ON s.id = p.style_id WHERE s.product_type = 'gift-card' LIMIT 1",
    );
    const page = await (await request(`/en-us/p/${card.slug}-${card.id}`)).text();
    expect(page).toContain('Delivered in minutes');
    expect(page).not.toContain('Repairs for life');
  });

  it('shows a listing narrowed to sale items the promotions slot', async () => {
    const category = await leafCategory();
    const sale = await (await request(`/en-us/c/${category.slug}-${category.id}?badge=sale`)).text();
    expect(sale).toContain('Points on sale items too');
    const plain = await (await request(`/en-us/c/${category.slug}-${category.id}`)).text();
    expect(plain).not.toContain('Points on sale items too');
  });

  it('puts the search slot under results, and in place of the built-in way on when nothing matched', async () => {
    const none = await (await request('/en-us/search?q=zzqxv')).text();
    expect(none).toContain('Can&#x27;t find it?');
    expect(none).not.toContain('class="subcategories"');
    expect(none).toMatch(/espot--search[\s\S]*href="\/en-us\/c\/gift-cards-\d+"/);
    const found = await (await request('/en-us/search?q=boots')).text();
    expect(found.indexOf('product-grid')).toBeGreaterThan(0);
    expect(found.indexOf('espot--search')).toBeGreaterThan(found.indexOf('product-grid'));
  });

  it("shows the West End flagship's page its own slot, and other stores the locator's", async () => {
    const flagship = await (await request('/en-gb/stores/GB-0001')).text();
    expect(flagship).toContain('Our West End flagship');
    expect(flagship).not.toContain('Free repairs check in every store');
    const other = await (await request('/en-gb/stores/GB-0002')).text();
    expect(other).toContain('Free repairs check in every store');
    expect(other).not.toContain('West End flagship');
  });

  it('shows the generic slot after a content page', async () => {
    const stories = await (await request('/en-us/stories')).text();
    expect(stories.slice(stories.indexOf('espot--generic'))).toContain('Need a hand?');
    expect(stories.indexOf('espot--generic')).toBeGreaterThan(stories.indexOf('data-section="articles"'));
  });
});

describe('page chrome from the CMS', () => {
  it('shows the published mega menu, footer and pop-up around the page', async () => {
    const html = await (await request('/en-us')).text();
    // The desktop bar with disclosure panels, and the phone drawer, both from the menu document.
    expect(html).toMatch(/<nav class="mega"[^>]*aria-label="Main navigation"/);
    expect(html).toMatch(/<button type="button" class="mega__toggle" aria-expanded="false" aria-controls="[^"]+" aria-label="Show the Men menu"/);
    expect(html).toContain('class="mega-mobile"');
    expect(html).not.toContain('class="main-nav"');
    expect(html).toContain('Stay in the loop');
    expect(html).toContain('data-popups');
  });
  it("lays the header over a page's opening hero when the page asks, and only then", async () => {
    expect(await (await request('/en-us/events/trail-day')).text()).toContain('<header class="site-header site-header--transparent">');
    expect(await (await request('/en-us/stories')).text()).toContain('<header class="site-header">');
    expect(await (await request('/en-us')).text()).toContain('<header class="site-header">');
    // A page that asks for it without opening on a hero keeps the solid header: nothing is left for it to lie over.
    const current = await getJson<Json>('/admin/content?siteId=US&locale=en-us&kind=page&key=stories', { headers: ADMIN_HEADERS });
    const body = current.body.document.versions.find((version: Json) => version.status === 'published').body;
    const ref = { siteId: 'US', locale: 'en-us', kind: 'page', key: 'stories-header-check' };
    await getJson('/admin/content', { method: 'PUT', headers: ADMIN_HEADERS, body: JSON.stringify({ ...ref, body: { ...body, transparentHeader: true } }) });
    expect((await getJson('/admin/content/publish', { method: 'POST', headers: ADMIN_HEADERS, body: JSON.stringify(ref) })).status).toBe(200);
    expect(await (await request('/en-us/stories-header-check')).text()).toContain('<header class="site-header">');
  });
  it('redirects a path with a trailing slash to the page without it, keeping the query', async () => {
    const response = await request('/en-us/?utm_source=mail');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/en-us?utm_source=mail');
  });
});

describe('links on the home page', () => {
  it('all lead to a page, in every language', async () => {
    for (const locale of ['en-us', 'fr-fr', 'de-de', 'it-it']) {
      const html = await (await request(`/${locale}`)).text();
      const hrefs = new Set([...html.matchAll(/href="(\/[^"#]*)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&')));
      // The account and cart pages arrive with the identity and cart work; the header links them already.
      const pages = [...hrefs].filter((href) => href.startsWith(`/${locale}`) && !/\/(account|cart)$/.test(href));
      expect(pages.length).toBeGreaterThan(30);
      for (const href of pages) expect((await request(href)).status, href).toBe(200);
    }
  });
});

describe('heading outline', () => {
  it('never skips a level on listing, search and product pages', async () => {
    const shoe = await shoeWithWidths();
    for (const path of ['/en-us/c/mens-boots-27713', '/en-us/search?q=boot', `/en-us/p/${shoe.slug}-${shoe.id}`, '/en-us']) {
      const html = await (await request(path)).text();
      // The main content's outline: from <main> to its end (pop-ups and the footer have their own).
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      const levels = [...main.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
      expect(levels[0], path).toBe(1);
      for (let i = 1; i < levels.length; i++)
        expect((levels[i] as number) - (levels[i - 1] as number), `${path}: h${levels[i - 1]} then h${levels[i]}`).toBeLessThanOrEqual(1);
    }
  });
});
