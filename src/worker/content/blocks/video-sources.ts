// What a video block plays: its Cloudinary asset first when it has one, then its local files, one source per
// breakpoint. A browser takes the first source whose media query matches and, when that one fails to load,
// goes on down the list: so a Cloudinary outage falls back to the local file of the same breakpoint.

import type { Breakpoint, Media, MediaSource, VideoPlayerBlock } from '../../../shared/content/blocks.ts';
import { CLOUDINARY_VIDEO_WIDTHS, cloudinaryPosterUrl, cloudinaryVideoUrl } from '../../../shared/media/cloudinary.ts';
import { safeHref } from '../sanitize.ts';

export const MEDIA_QUERIES: Record<Breakpoint, string> = {
  sm: '(max-width: 699px)',
  md: '(min-width: 700px) and (max-width: 999px)',
  lg: '(min-width: 1000px)',
};

const WIDEST_FIRST = ['lg', 'md', 'sm'] as const;

export interface VideoSource {
  src: string;
  media?: string;
  type?: string;
}

export interface VideoSources {
  sources: VideoSource[];
  /** The media whose size, alt text, poster and captions the player takes. */
  main: Media;
  poster?: string;
}

/**
 * The block's sources, or null when it has nothing to play or no size to reserve. `mediaUrl` resolves the
 * block's own poster, which wins over Cloudinary's frame: a marketer chose it.
 */
export function videoSources(block: VideoPlayerBlock, mediaUrl: (source: MediaSource, width?: number) => string): VideoSources | null {
  const own = block.media?.type === 'video' ? block.media : undefined;
  const byBreakpoint = WIDEST_FIRST.flatMap((bp) => {
    const media = block.mediaByBreakpoint?.[bp];
    return media ? [{ bp, media, src: safeHref(media.video?.src) }] : [];
  });
  const main = own ?? byBreakpoint[0]?.media;
  if (!main) return null;
  const asset = block.cloudinaryAsset;
  const sources: VideoSource[] = asset
    ? WIDEST_FIRST.map((bp) => ({ src: cloudinaryVideoUrl(asset, CLOUDINARY_VIDEO_WIDTHS[bp]), media: MEDIA_QUERIES[bp], type: 'video/mp4' }))
    : [];
  for (const { bp, src } of byBreakpoint) if (src) sources.push({ src, media: MEDIA_QUERIES[bp] });
  const ownSrc = safeHref(own?.video?.src);
  const anyLocal = ownSrc ?? byBreakpoint.find((entry) => entry.src)?.src;
  // A file with no media query last, for a browser that matched none of the above or could play none of them.
  if (anyLocal) sources.push({ src: anyLocal });
  if (sources.length === 0) return null;
  const posterWidth = Math.min(main.width, CLOUDINARY_VIDEO_WIDTHS.lg);
  const poster = main.video?.poster ? mediaUrl(main.video.poster, 1600) : asset ? cloudinaryPosterUrl(asset, posterWidth) : undefined;
  return { sources, main, ...(poster ? { poster } : {}) };
}
