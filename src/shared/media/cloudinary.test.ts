import { describe, expect, it } from 'vitest';
import { CLOUDINARY_ORIGIN, cloudinaryPosterUrl, cloudinaryVideoUrl } from './cloudinary.ts';

describe('Cloudinary delivery URLs', () => {
  const asset = { cloudName: 'cairn', publicId: 'stories/trail-day/run_2027' };

  it('asks for the video as MP4, limited to a width, at automatic quality', () => {
    expect(cloudinaryVideoUrl(asset, 1280)).toBe('https://res.cloudinary.com/cairn/video/upload/c_limit,q_auto,w_1280/stories/trail-day/run_2027.mp4');
  });

  it('asks for its first frame as a JPEG for the poster', () => {
    expect(cloudinaryPosterUrl(asset, 1920)).toBe('https://res.cloudinary.com/cairn/video/upload/c_limit,q_auto,so_0,w_1920/stories/trail-day/run_2027.jpg');
  });

  it('stays on Cloudinary whatever the names hold', () => {
    const odd = { cloudName: 'a/../b', publicId: 'x?y#z/../w' };
    for (const url of [cloudinaryVideoUrl(odd, 720.4), cloudinaryPosterUrl(odd, 720)]) {
      const parsed = new URL(url);
      expect(parsed.origin).toBe(CLOUDINARY_ORIGIN);
      expect(parsed.search).toBe('');
      expect(parsed.hash).toBe('');
      expect(parsed.pathname.startsWith('/a%2F..%2Fb/video/upload/c_limit,q_auto,')).toBe(true);
    }
    expect(cloudinaryVideoUrl(odd, 720.4)).toContain(',w_720/');
  });
});
