// Mega menu markup: the seeded US menu rendered on the server, desktop and phone.

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buildSeed } from '../../../../scripts/seed/all.ts';
import type { MenuDocument } from '../../../shared/content/blocks.ts';
import { fakeMediaUrl, labels } from '../blocks/test-render.tsx';
import { MegaMenu } from './MegaMenu.tsx';
import { MobileMegaMenu } from './MobileMegaMenu.tsx';

const mediaUrl = fakeMediaUrl;

function seededMenu(): MenuDocument {
  const row = (buildSeed().content_versions ?? []).find((r) => r.document_id === 'US:en-us:menu:');
  if (!row) throw new Error('the seed has no US menu');
  return JSON.parse(String(row.body)) as MenuDocument;
}

const menu = seededMenu();

function desktop(doc: MenuDocument = menu): Markup {
  const html = renderToStaticMarkup(<MegaMenu menu={doc} mediaUrl={mediaUrl} labels={labels} ariaLabel="Main navigation" />);
  return parse(html);
}

function mobile(doc: MenuDocument = menu): Markup {
  const html = renderToStaticMarkup(<MobileMegaMenu menu={doc} labels={labels} openLabel="Open menu" ariaLabel="Main navigation" />);
  return parse(html);
}

// workerd has no DOMParser: a small attribute-aware reader over the static markup is enough for these checks.
interface El {
  tag: string;
  attrs: Record<string, string>;
  text: string;
}
type Markup = { html: string; all: (tag: string) => El[] };

function parse(html: string): Markup {
  return {
    html,
    all(tag) {
      const found: El[] = [];
      // The text runs to the element's end or the next one of its kind, with the tags inside it (an icon) left out.
      const re = new RegExp(`<${tag}((?:\\s+[a-z-]+(?:="[^"]*")?)*)\\s*/?>([\\s\\S]*?)(?=</${tag}>|<${tag}[\\s>]|$)`, 'g');
      for (const m of html.matchAll(re)) {
        const attrs: Record<string, string> = {};
        for (const a of (m[1] ?? '').matchAll(/([a-z-]+)(?:="([^"]*)")?/g)) attrs[a[1] ?? ''] = (a[2] ?? '').replace(/&amp;/g, '&');
        found.push({
          tag,
          attrs,
          text: (m[2] ?? '')
            .replace(/<svg[\s\S]*?<\/svg>|<[^>]+>/g, '')
            .replace(/&amp;/g, '&')
            .replace(/&#x27;/g, "'")
            .trim(),
        });
      }
      return found;
    },
  };
}

describe('MegaMenu', () => {
  const doc = desktop();
  const links = doc.all('a');

  it('renders a labelled nav that says how it opens', () => {
    expect(doc.html).toMatch(/^<nav class="mega" aria-label="Main navigation" data-mega-menu="" data-open-on="hover">/);
    expect(desktop({ ...menu, openOn: 'click' }).html).toContain('data-open-on="click"');
  });

  it('links every top-level title to its category', () => {
    for (const node of menu.items) {
      const link = links.find((a) => a.attrs.class?.split(' ').includes('mega__link') && a.text === node.title);
      expect(link?.attrs.href, node.title).toBe(node.target?.url);
    }
  });

  it('gives each panel a collapsed disclosure button that controls an existing panel', () => {
    const buttons = doc.all('button');
    const withPanels = menu.items.filter((node) => node.columns?.length);
    expect(buttons).toHaveLength(withPanels.length);
    const panelIds = new Set(doc.all('div').flatMap((d) => (d.attrs.class === 'mega__panel' ? [d.attrs.id] : [])));
    for (const button of buttons) {
      expect(button.attrs['aria-expanded']).toBe('false');
      expect(panelIds.has(button.attrs['aria-controls'])).toBe(true);
      expect(button.attrs['aria-label']).toMatch(/^Show .+ menu$/);
    }
    expect(doc.all('div').filter((d) => d.attrs.class === 'mega__panel' && 'hidden' in d.attrs)).toHaveLength(withPanels.length);
  });

  it('marks the sale node', () => {
    expect(doc.html).toMatch(/<li class="mega__item mega__item--sale"><a class="mega__link mega__link--sale" href="[^"]+"[^>]*>.*?Sale<\/span><\/a>/);
  });

  it("shows a node's menuIcon before its title, decorative and of a fixed size, and no icon where none is set", () => {
    // The seeded Sale node has the tag icon.
    const sale = /<a class="mega__link mega__link--sale"[^>]*>(.*?)<\/a>/.exec(doc.html)?.[1] ?? '';
    expect(sale).toMatch(/^<span class="menu-label"><svg class="icon menu-label__icon" width="16" height="16" [^>]*aria-hidden="true" focusable="false">/);
    expect(sale).toContain('<path d="M3 3h8.5L21 12.5 12.5 21 3 11.5V3Zm5 5h.01">');
    expect(sale).toMatch(/<\/svg>Sale<\/span>$/);
    expect(doc.html.match(/menu-label__icon/g)).toHaveLength(1);
    const [men] = menu.items;
    if (!men) throw new Error('no first item');
    const column = men.columns?.[0];
    if (!column) throw new Error('no first column');
    const starred = desktop({ items: [{ ...men, menuIcon: 'star', columns: [{ ...column, menuIcon: 'gift' }] }] }).html;
    expect(starred).toMatch(/<a class="mega__link" [^>]*><span class="menu-label"><svg class="icon menu-label__icon"[^>]*><path d="m12 3 /);
    expect(starred).toMatch(/<a class="mega__heading" [^>]*><span class="menu-label"><svg class="icon menu-label__icon"[^>]*><path d="M4 11h16/);
  });

  it('renders menu banners and visual selectors', () => {
    expect(doc.html).toContain('banner--menu');
    expect(doc.html).toContain('Boots built to last');
    expect(doc.html).toContain('<p class="mega__visuals-title" id="mega-panel-menu-mens-visuals">Men&#x27;s footwear</p>');
    expect(doc.all('img').some((img) => img.attrs.src === '/products/KFJVN32N-side.svg')).toBe(true);
  });

  it('shows "Shop all" unless hidden on large screens, and follows overrideShopAll', () => {
    const shopAll = () => links.filter((a) => a.attrs.class === 'mega__all');
    expect(shopAll().map((a) => a.text)).toEqual(['Shop all Men', 'Shop all Women', 'Shop all Kids']);
    const [men, ...rest] = menu.items;
    if (!men) throw new Error('no first item');
    const edited = {
      ...menu,
      items: [
        { ...men, hideShopAll: { lg: true } },
        { ...(rest[0] ?? men), overrideShopAll: { text: 'Everything for her', url: '/en-us/c/womens-all' } },
      ],
    };
    const all = desktop(edited)
      .all('a')
      .filter((a) => a.attrs.class === 'mega__all');
    expect(all.map((a) => [a.text, a.attrs.href])).toEqual([['Everything for her', '/en-us/c/womens-all']]);
  });

  it('only links same-origin paths', () => {
    for (const a of links) expect(a.attrs.href, a.text).toMatch(/^\/(?![/\\])/);
    const hostile = {
      items: [
        {
          id: 'x',
          title: 'Away',
          target: { text: 'Away', url: 'https://evil.test/' },
          columns: [{ id: 'y', title: 'Js', target: { text: 'Js', url: 'javascript:alert(1)' } }],
        },
      ],
    };
    const html = desktop(hostile).html;
    expect(html).not.toContain('evil.test');
    expect(html).not.toContain('javascript:');
  });
});

describe('MobileMegaMenu', () => {
  const doc = mobile();

  it('is a details drawer with a named toggle and nested details for levels two and three', () => {
    expect(doc.html).toMatch(/^<details class="mega-mobile" data-mega-mobile=""><summary class="mega-mobile__toggle">/);
    expect(doc.html).toContain('<span class="sr-only">Open menu</span>');
    expect(doc.html).toContain('<nav class="mega-mobile__panel" aria-label="Main navigation">');
    expect(doc.html).toMatch(
      /<details class="mega-mobile__section"><summary class="mega-mobile__root"[^>]*>Men<\/summary><ul>(?:(?!<\/details>).)*<details class="mega-mobile__section"><summary class="mega-mobile__group"[^>]*>Footwear<\/summary>/,
    );
    const leaves = doc.all('a').filter((a) => a.attrs.class === 'mega-mobile__leaf');
    expect(leaves.find((a) => a.text === 'Boots')?.attrs.href).toBe('/en-us/c/mens-boots-27713');
  });

  it('links items without children directly, marks sale, and honours hideShopAll.sm', () => {
    const links = doc.all('a');
    expect(links.find((a) => a.text === 'Gift Cards')?.attrs.href).toBe('/en-us/c/gift-cards-86693');
    expect(links.find((a) => a.text === 'Sale')?.attrs.class).toBe('mega-mobile__root mega-mobile__link--sale');
    expect(links.filter((a) => a.text === 'Shop all Men')).toHaveLength(1);
    expect(links.filter((a) => a.text === 'Shop all Footwear')).toHaveLength(3);
    const [men] = menu.items;
    if (!men) throw new Error('no first item');
    // The drawer shows the icons too, on a section's row as on a link.
    expect(doc.html).toMatch(
      /<a class="mega-mobile__root mega-mobile__link--sale"[^>]*><span class="menu-label"><svg class="icon menu-label__icon" width="16" height="16"/,
    );
    expect(mobile({ items: [{ ...men, menuIcon: 'star' }] }).html).toMatch(
      /<summary class="mega-mobile__root"[^>]*><span class="menu-label"><svg class="icon menu-label__icon"[^>]*aria-hidden="true"[^>]*>.*?<\/svg>Men<\/span><\/summary>/,
    );
    const hidden = mobile({ items: [{ ...men, hideShopAll: { sm: true } }] });
    expect(hidden.all('a').some((a) => a.text === 'Shop all Men')).toBe(false);
    for (const a of links) expect(a.attrs.href).toMatch(/^\/(?![/\\])/);
  });
});
