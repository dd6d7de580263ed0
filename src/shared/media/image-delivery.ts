// How shoppers' photos are requested (commerce-core §9): at twice the size they are shown, quality 50 and
// sharpened, through Cloudflare Images' URL format (`/cdn-cgi/image/<options>/<path>`) where the zone has
// transformations on (IMAGE_DELIVERY=cloudflare). Without it, as on this machine, the photo is served as it
// was stored. The product art is SVG, which needs no resizing: it is never rewritten.

export type ImageDelivery = 'local' | 'cloudflare';

export const IMAGE_REQUEST = {
  /** Pixels asked per CSS pixel shown. */
  density: 2,
  quality: 50,
  /** The spec's sharpen 60, on a 0-100 scale; Cloudflare's `sharpen` runs 0-10. */
  sharpen: 60,
} as const;

export function imageDeliveryOf(setting: string | undefined): ImageDelivery {
  return setting === 'cloudflare' ? 'cloudflare' : 'local';
}

/** The address to ask for a same-origin raster image shown `width` CSS pixels wide. */
export function deliveredImageUrl(path: string, width: number, delivery: ImageDelivery): string {
  if (delivery === 'local' || !path.startsWith('/') || path.startsWith('//') || /\.svg(\?|$)/i.test(path)) return path;
  const options = [
    `width=${Math.round(width * IMAGE_REQUEST.density)}`,
    `quality=${IMAGE_REQUEST.quality}`,
    `sharpen=${IMAGE_REQUEST.sharpen / 10}`,
    'fit=scale-down',
    'format=auto',
  ];
  return `/cdn-cgi/image/${options.join(',')}${path}`;
}
