// Content settings the spec names (account-content §3), seen on the seeded store's pages: a block's mediaList,
// a menu node's menuIcon, and the CSP that lets a video block's Cloudinary asset play.

import { describe, expect, it } from 'vitest';
import { ADMIN_HEADERS, getJson, request } from './helpers.ts';

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

  it('refuses a marketer an icon or a Cloudinary name the store cannot use, naming the field (API400)', async () => {
    const save = (kind: string, key: string, body: unknown) =>
      getJson<{ errorId: string; message: string }>('/admin/content', {
        method: 'PUT',
        headers: ADMIN_HEADERS,
        body: JSON.stringify({ siteId: 'US', locale: 'en-us', kind, key, body }),
      });
    const icon = await save('menu', '', { items: [{ id: 'sale', title: 'Sale', menuIcon: 'fire' }] });
    expect(icon.status).toBe(400);
    expect(icon.body.errorId).toBe('API400');
    expect(icon.body.message).toContain("body.items.0.menuIcon: menuIcon is one of the store's icons: tag, star, gift, heart, store, truck.");
    const video = {
      type: 'VideoPlayer',
      id: 'film',
      media: { type: 'video', source: { kind: 'banner', name: 'trail' }, alt: '', width: 1280, height: 720, video: { src: '/media/run.mp4' } },
      cloudinaryAsset: { cloudName: 'cairn', publicId: 'https://evil.test/run' },
      playerSettings: { autoplay: false, hideControls: false, loop: false, muted: true },
    };
    const cloud = await save('espot', 'generic', { items: [video] });
    expect(cloud.status).toBe(400);
    expect(cloud.body.message).toContain('body.items.0.cloudinaryAsset.publicId: publicId is a Cloudinary public ID');
  });
});
