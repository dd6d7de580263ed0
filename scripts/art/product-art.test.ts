// Unit tests for the generated artwork: shape of the output, purity and input validation.

import { describe, expect, it } from 'vitest';
import { IMAGE_VIEWS, PRODUCT_TYPES } from '../../src/worker/commerce/catalog/product-types.ts';
import { BANNER_NAMES, bannerSvg } from './banner-art.ts';
import { faviconSvg } from './favicon.ts';
import { productSvg } from './product-art.ts';

const COLOURS = ['#3A5F4B', '#f2efe8', '#111111'];

/** Strips the one URL an SVG may contain, so any other reference stands out. */
const withoutNamespace = (svg: string): string => svg.replaceAll('http://www.w3.org/2000/svg', '');

describe('productSvg', () => {
  for (const type of PRODUCT_TYPES) {
    it(`draws every view of ${type}`, () => {
      for (const hex of COLOURS) {
        for (const view of IMAGE_VIEWS) {
          const svg = productSvg(type, hex, view);
          expect(svg.startsWith('<svg')).toBe(true);
          expect(svg.endsWith('</svg>')).toBe(true);
          expect(svg).toContain('viewBox="0 0 800 800"');
          expect(svg).toContain(hex.toLowerCase());
          expect(withoutNamespace(svg)).not.toContain('http');
          expect(svg.length).toBeLessThan(8000);
        }
      }
    });
  }

  it('is deterministic', () => {
    for (const type of PRODUCT_TYPES) {
      for (const view of IMAGE_VIEWS) expect(productSvg(type, '#8a2f2f', view)).toBe(productSvg(type, '#8a2f2f', view));
    }
  });

  it('gives each view its own composition', () => {
    const views = IMAGE_VIEWS.map((view) => productSvg('boot', '#8a2f2f', view));
    expect(new Set(views).size).toBe(IMAGE_VIEWS.length);
  });

  it('throws on a malformed colour', () => {
    for (const bad of ['', 'red', '#fff', '#12345', '#1234567', '123456', '#GGGGGG', ' #123456']) {
      expect(() => productSvg('boot', bad, 'side')).toThrow();
    }
  });
});

describe('bannerSvg and faviconSvg', () => {
  it('draws scalable banners without external references', () => {
    for (const name of BANNER_NAMES) {
      const svg = bannerSvg(name, 1600, 700);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('preserveAspectRatio="xMidYMid slice"');
      expect(withoutNamespace(svg)).not.toContain('http');
      expect(bannerSvg(name, 1600, 700)).toBe(svg);
    }
  });

  it('draws a 64px favicon', () => {
    expect(faviconSvg()).toMatch(/^<svg[^>]+width="64" height="64"/);
  });
});
