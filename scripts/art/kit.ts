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

export const stitch = (d: string, colour: string, width = 2.5): string =>
  stroke(d, colour, width, ` stroke-dasharray="7 6"`);

export const dot = (x: number, y: number, r: number, fill: string, extra = ''): string =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"${extra}/>`;

/** Repeats a template over evenly spaced x positions (tread lugs, ribbing, eyelets). */
export function repeat(from: number, to: number, step: number, make: (x: number, i: number) => string): string {
  let out = '';
  for (let x = from, i = 0; x <= to + 0.001; x += step, i++) out += make(Math.round(x * 10) / 10, i);
  return out;
}

/** Mirror of a left-half path about the vertical centre line x = 400. */
export const mirrored = (svg: string): string => `<g transform="matrix(-1 0 0 1 800 0)">${svg}</g>`;

/** The stacked-stones brand mark, 48 units wide, origin at the base centre. */
export const MARK =
  'M-24-6c0-6 10-9 24-9s24 3 24 8-9 7-24 7-24-1-24-6zM-15-22c0-5 7-7 15-7s16 2 16 7-8 6-16 6-15-1-15-6zM-8-36c0-4 4-6 9-6s9 2 9 6-4 5-9 5-9-1-9-5z';

export const mark = (x: number, y: number, size: number, fill: string): string =>
  `<path d="${MARK}" transform="translate(${x} ${y}) scale(${size / 48})" fill="${fill}" stroke="none"/>`;
