// Content settings the spec names (account-content §3), seen on the seeded store's pages: a block's mediaList,
// a menu node's menuIcon, and the CSP that lets a video block's Cloudinary asset play.

import { describe, expect, it } from 'vitest';
import { request } from './helpers.ts';

describe('seeded content settings', () => {
  it("shows the event details' media list after them, each image with its size and alt text", async () => {
    const response = await request('/en-us/events/trail-day');
    expect(response.status).toBe(200);
    const html = await response.text();
    const list = /<ul class="cb-media-list">(.*?)<\/ul>/.exec(html)?.[1] ?? '';
    const images = [...list.matchAll(/<img ([^>]*)\/>/g)].map((m) => m[1] ?? '');
    expect(images).toHaveLength(2);
    expect(images[0]).toMatch(/src="\/assets\/img\/[0-9a-f]{8}\/banners\/hero\.svg" width="1600" height="700" alt="Mountain peaks at sunrise above a forest"/);
    expect(images[1]).toMatch(/banners\/kids\.svg" width="1600" height="700" alt="A sunny meadow with trees and clouds"/);
    expect(html.indexOf('cb-media-list')).toBeGreaterThan(html.indexOf('Two days on the trail'));
  });

  it("puts the Sale node's icon before its title in the menus, hidden from assistive tech", async () => {
    const html = await (await request('/en-us')).text();
    const desktop = /<a class="mega__link mega__link--sale"[^>]*>(.*?)<\/a>/.exec(html)?.[1] ?? '';
    const phone = /<a class="mega-mobile__root mega-mobile__link--sale"[^>]*>(.*?)<\/a>/.exec(html)?.[1] ?? '';
    for (const label of [desktop, phone]) {
      expect(label).toMatch(/^<span class="menu-label"><svg class="icon menu-label__icon" width="16" height="16"[^>]*aria-hidden="true" focusable="false">/);
      expect(label).toMatch(/<\/svg>Sale<\/span>$/);
    }
  });

  it("allows Cloudinary's videos and poster frames, and nothing else of it", async () => {
    const csp = (await request('/en-us')).headers.get('content-security-policy') ?? '';
    const directive = (name: string) => new RegExp(`(?:^|; )${name} ([^;]+)`).exec(csp)?.[1]?.split(' ') ?? [];
    expect(directive('media-src')).toEqual(["'self'", 'https://res.cloudinary.com']);
    expect(directive('img-src')).toEqual(["'self'", 'data:', 'https://res.cloudinary.com']);
    for (const name of ['script-src', 'connect-src', 'style-src', 'frame-src', 'default-src'])
      expect(directive(name), name).not.toContain('https://res.cloudinary.com');
  });
});
