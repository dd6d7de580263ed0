// Cloudinary delivery URLs for a video block's cloudinaryAsset (account-content §3), in Cloudinary's documented
// form https://res.cloudinary.com/<cloud>/video/upload/<transformations>/<public id>.<format>: the format is
// the extension, so `.mp4` is the video and `.jpg` a still of it. Nothing is signed: upload delivery is public.

import type { Breakpoint } from '../content/blocks.ts';

export const CLOUDINARY_ORIGIN = 'https://res.cloudinary.com';

export interface CloudinaryAsset {
  cloudName: string;
  publicId: string;
}

/** Pixels wide the video is asked at per breakpoint: about the widest screen of each, never more than it was uploaded. */
export const CLOUDINARY_VIDEO_WIDTHS: Record<Breakpoint, number> = { sm: 720, md: 1280, lg: 1920 };

function deliveryUrl(asset: CloudinaryAsset, transformations: string[], extension: 'mp4' | 'jpg'): string {
  const publicId = asset.publicId.split('/').map(encodeURIComponent).join('/');
  return `${CLOUDINARY_ORIGIN}/${encodeURIComponent(asset.cloudName)}/video/upload/${transformations.join(',')}/${publicId}.${extension}`;
}

/** The video as MP4 at most `width` pixels wide (c_limit never enlarges it), at Cloudinary's automatic quality. */
export function cloudinaryVideoUrl(asset: CloudinaryAsset, width: number): string {
  return deliveryUrl(asset, ['c_limit', 'q_auto', `w_${Math.round(width)}`], 'mp4');
}

/** Its first frame (so_0: what an autoplaying video starts on) as a JPEG poster. */
export function cloudinaryPosterUrl(asset: CloudinaryAsset, width: number): string {
  return deliveryUrl(asset, ['c_limit', 'q_auto', 'so_0', `w_${Math.round(width)}`], 'jpg');
}
