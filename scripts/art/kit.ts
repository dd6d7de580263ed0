// Tiny SVG string builders shared by the drawings, so each drawing reads as a list of shapes.

import type { Palette } from './colour.ts';

/** One product drawing in the 800x800 art space, plus hints for composing the other views. */
export interface Art {
  body: string;
  /** Composition family: picks how the 'angle' view is staged. */
  kind: 'shoe' | 'wear' | 'flat';
  /** Centre of the 'detail' close-up. */
  focus: readonly [number, number];
  zoom?: number;
  /** Fine work (stitching, texture) only worth drawing in the close-up. */
  detail?: string;
  /** Where a hang tag is attached in the 'angle' view of garments. */
  tag?: readonly [number, number];
  /** Bounding box [x0, y0, x1, y1] of the drawing, used to centre and scale it in frame. */
  box: readonly [number, number, number, number];
  /** Upper bound for the fit scale, so small items do not balloon. */
  maxScale?: number;
  /** Text must never be mirrored. */
  noMirror?: boolean;
  /** The 'angle' view fans a faded second copy behind (cards). */
  twin?: boolean;
}

export type Drawing = (p: Palette) => Art;

/** Outlined shape: the outline colour comes from the enclosing group. */
export const shape = (d: string, fill: string, extra = ''): string => `<path d="${d}" fill="${fill}"${extra}/>`;

/** Flat shading or print without outline. */
export const tone = (d: string, fill: string, opacity?: number): string =>
  `<path d="${d}" fill="${fill}" stroke="none"${opacity === undefined ? '' : ` opacity="${opacity}"`}/>`;

/** Open line such as a seam, cord or crease. */
export const stroke = (d: string, colour: string, width = 4, extra = ''): string =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}"${extra}/>`;

export const stitch = (d: string, colour: string, width = 2.5): string => stroke(d, colour, width, ` stroke-dasharray="7 6"`);

export const dot = (x: number, y: number, r: number, fill: string, extra = ''): string => `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"${extra}/>`;

/** Repeats a template over evenly spaced positions (tread lugs, ribs, baffles, buttons). */
export function repeat(from: number, to: number, step: number, make: (x: number, i: number) => string): string {
  let out = '';
  for (let x = from, i = 0; x <= to + 0.001; x += step, i++) out += make(Math.round(x * 10) / 10, i);
  return out;
}

/** Mirror of a left-half path about the vertical centre line x = 400. */
export const mirrored = (svg: string): string => `<g transform="matrix(-1 0 0 1 800 0)">${svg}</g>`;

/** The stacked-stones brand mark in a 64x64 box, stones resting on y = 58 (same geometry as src/worker/pages/ui/Logo.tsx). */
export const MARK =
  'M6 50c0-6 11-9 26-9s26 3 26 9-11 8-26 8S6 56 6 50zM12 32c0-5 8-7 19-7s19 2 19 7-8 6-19 6-19-1-19-6zM21 18c0-4 5-5 12-5s12 1 12 5-5 5-12 5-12-1-12-5zM27 7c0-2 2-3 5-3s5 1 5 3-2 3-5 3-5-1-5-3z';

/** CAIRN set in geometric outlines on a 28-unit cap height, baseline y = 48, starting at x = 76. */
export const WORDMARK =
  'M99.9 24.1A14 14 0 1 0 99.9 43.9L95.7 39.7A8 8 0 1 1 95.7 28.3Z' +
  'M107 48L117 20H125L135 48H128.5L126 41H116L113.5 48ZM121 27L124.2 36H117.8Z' +
  'M142 20H148.5V48H142Z' +
  'M155.5 48V20H167A10 10 0 0 1 170.4 39.4L177 48H168.5L163 40H162V48ZM162 26.5H167A3.5 3.5 0 0 1 167 33.5H162Z' +
  'M184 48V20H190.5L202 37V20H208.5V48H202L190.5 31V48Z';

/** Brand mark `size` units wide, placed with the centre of its base at (x, y). */
export const mark = (x: number, y: number, size: number, fill: string): string => {
  const k = Math.round((size / 52) * 1000) / 1000;
  const at = (n: number): number => Math.round(n * 100) / 100;
  return `<path d="${MARK}" transform="translate(${at(x - 32 * k)} ${at(y - 58 * k)}) scale(${k})" fill="${fill}" stroke="none"/>`;
};
