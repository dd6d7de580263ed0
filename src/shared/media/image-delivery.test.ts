import { describe, expect, it } from 'vitest';
import { deliveredImageUrl, imageDeliveryOf } from './image-delivery.ts';

describe('image delivery', () => {
  it('asks Cloudflare Images for twice the shown width, quality 50, sharpened', () => {
    expect(deliveredImageUrl('/media/reviews/r1/1.jpg', 96, 'cloudflare')).toBe(
      '/cdn-cgi/image/width=192,quality=50,sharpen=6,fit=scale-down,format=auto/media/reviews/r1/1.jpg',
    );
  });

  it('leaves the photo as stored without an image service, and never rewrites SVG art or other hosts', () => {
    expect(deliveredImageUrl('/media/social/m1', 240, 'local')).toBe('/media/social/m1');
    expect(deliveredImageUrl('/products/boot/000000-side.svg', 400, 'cloudflare')).toBe('/products/boot/000000-side.svg');
    expect(deliveredImageUrl('//evil.test/x.jpg', 100, 'cloudflare')).toBe('//evil.test/x.jpg');
    expect(deliveredImageUrl('https://cdn.test/x.jpg', 100, 'cloudflare')).toBe('https://cdn.test/x.jpg');
  });

  it('is on only when configured so', () => {
    expect(imageDeliveryOf('cloudflare')).toBe('cloudflare');
    expect(imageDeliveryOf(undefined)).toBe('local');
    expect(imageDeliveryOf('yes')).toBe('local');
  });
});
