// Legwear drawn front-on around the centre line x = 400, waistband at y = 140.

import type { Palette } from './colour.ts';
import { type Art, type Drawing, dot, mirrored, repeat, shape, stitch, stroke, tone } from './kit.ts';
import { ribBand } from './tops.ts';

const wear = (art: Omit<Art, 'kind' | 'tag'>): Art => ({ kind: 'wear', tag: [522, 158], ...art });

/** Tailored waistband with belt loops and a shank button. */
function waistband(p: Palette): string {
  return (
    shape('M268 140H532V178H268Z', p.c) +
    tone('M268 166H532V178H268Z', p.d) +
    repeat(300, 500, 66.6, (x) => shape(`M${x - 6} 136h12v46h-12z`, p.d)) +
    dot(400, 158, 7, p.metal)
  );
}

/** Jeans-style scoop pocket with its topstitch, left side; callers mirror it for the right. */
const pocket = (p: Palette): string => stroke('M282 180C290 226 316 246 352 250', p.d, 4) + stitch('M290 184C298 222 320 238 352 240', p.k, 2);

const pants: Drawing = (p) =>
  wear({
    box: [220, 120, 580, 700],
    focus: [400, 180],
    zoom: 2.4,
    body:
      shape('M268 178H532C540 300 552 500 560 690H420L400 330L380 690H240C248 500 260 300 268 178Z', p.c) +
      tone('M400 330L380 690H352L388 340ZM400 330L420 690H448L412 340Z', p.d) +
      stroke('M318 300L304 690M482 300L496 690', p.l, 3) +
      stitch('M244 674H378M422 674H556', p.k, 2) +
      stitch('M412 180V290C412 306 404 314 396 318', p.k, 2) +
      pocket(p) +
      mirrored(pocket(p)) +
      waistband(p),
  });

const shorts: Drawing = (p) =>
  wear({
    box: [210, 120, 590, 480],
    maxScale: 1.3,
    focus: [400, 180],
    zoom: 2.4,
    body:
      shape('M268 178H532C546 260 566 380 584 450L420 468L400 330L380 468L216 450C234 380 254 260 268 178Z', p.c) +
      tone('M400 330L380 468L356 465L388 340ZM400 330L420 468L444 465L412 340Z', p.d) +
      shape('M216 450L380 468L378 496L212 478Z', p.d) +
      mirrored(shape('M216 450L380 468L378 496L212 478Z', p.d)) +
      stitch('M412 180V290C412 306 404 314 396 318', p.k, 2) +
      pocket(p) +
      mirrored(pocket(p)) +
      waistband(p),
  });

const joggers: Drawing = (p) =>
  wear({
    box: [220, 120, 580, 700],
    focus: [400, 190],
    zoom: 2.4,
    body:
      shape('M272 176H528C552 300 544 520 522 644H424L400 320L376 644H278C256 520 248 300 272 176Z', p.c) +
      tone('M400 320L376 644H352L388 330ZM400 320L424 644H448L412 330Z', p.d) +
      stroke('M290 190L306 260M510 190L494 260', p.d, 4) +
      stroke('M300 420C320 430 340 430 360 420M440 420C460 430 480 430 500 420', p.d, 3) +
      ribBand(280, 376, 640, 44, p.d, p.dd) +
      ribBand(424, 520, 640, 44, p.d, p.dd) +
      ribBand(270, 530, 136, 46, p.c, p.d) +
      stroke('M392 182C386 220 380 250 372 270M408 182C414 220 420 250 428 272', p.k, 5) +
      shape('M368 268h8v16h-8zM424 270h8v16h-8z', p.metal),
    detail: dot(400, 180, 6, p.dd),
  });

export const BOTTOMS = { pants, shorts, joggers } satisfies Record<string, Drawing>;
