// Tops drawn as front flat-lays around the centre line x = 400, shoulders near y = 180.

import type { Palette } from './colour.ts';
import { type Art, type Drawing, dot, mark, mirrored, repeat, shape, stitch, stroke, tone } from './kit.ts';

type Sleeve = 'long' | 'short' | 'none';

const SLEEVE: Record<Sleeve, string> = {
  long: 'M262 176C222 182 200 214 192 256L160 556L232 568L268 300Z',
  short: 'M262 176C222 182 196 206 180 236L150 330L226 354L266 300Z',
  none: '',
};

/** Body with a scooped front neckline; the back neckline shows behind it as a darker crescent. */
function torso(p: Palette, hem: number, half: number, dip = 26): string {
  return (
    shape(`M345 150C370 138 430 138 455 150C430 ${150 + dip} 370 ${150 + dip} 345 150Z`, p.dd) +
    shape(
      `M345 150C370 ${150 + dip} 430 ${150 + dip} 455 150L550 180C556 230 540 270 540 300L${400 + half} ${hem}H${400 - half}L260 300C260 270 244 230 250 180Z`,
      p.c,
    ) +
    tone(`M540 300L${400 + half} ${hem}H${400 + half - 40}L530 320Z`, p.d)
  );
}

/** Both sleeves, the right one mirrored, each with a shaded inner edge and an optional cuff. */
function sleeves(p: Palette, kind: Sleeve, cuff: string | null = p.d): string {
  if (kind === 'none') return '';
  const long = kind === 'long';
  const one =
    shape(SLEEVE[kind], p.c) +
    tone(long ? 'M268 300L232 568L212 565L254 300Z' : 'M266 300L226 354L208 348L254 296Z', p.d) +
    (long && cuff ? shape('M160 556L232 568L228 604L155 592Z', cuff) : '') +
    (!long ? stitch('M160 318L232 340', p.d) : '');
  return one + mirrored(one);
}

/** Ribbed band (hem, waistband) as a filled strip with vertical ribs. */
export function ribBand(x0: number, x1: number, y: number, h: number, fill: string, rib: string): string {
  return (
    shape(`M${x0} ${y}H${x1}V${y + h}H${x0}Z`, fill) +
    stroke(
      repeat(x0 + 8, x1 - 8, 10, (x) => `M${x} ${y + 4}v${h - 8}`),
      rib,
      2,
    )
  );
}

/** Zip tape with teeth and a pull, top to bottom. */
function zip(p: Palette, y0: number, y1: number): string {
  return (
    stroke(`M400 ${y0}V${y1}`, p.k, 7) + stroke(`M400 ${y0}V${y1}`, p.metal, 3, ' stroke-dasharray="3 3"') + shape(`M394 ${y0 + 6}h12v30h-12z`, p.a, ' rx="3"')
  );
}

const COLLAR_STAND = 'M342 152L338 104C380 96 420 96 462 104L458 152C430 162 370 162 342 152Z';

const wear = (art: Omit<Art, 'kind' | 'box'>, hem = 640): Art => ({ kind: 'wear', box: [150, 80, 650, hem], tag: [456, 152], ...art });

const jacket: Drawing = (p) =>
  wear(
    {
      focus: [400, 150],
      zoom: 2.6,
      body:
        sleeves(p, 'long') +
        mirrored(shape('M182 574L206 578L203 600L178 596Z', p.dd)) +
        shape('M182 574L206 578L203 600L178 596Z', p.dd) +
        torso(p, 612, 146) +
        stitch('M252 246C320 262 480 262 548 246', p.d) +
        shape(COLLAR_STAND, p.c) +
        tone('M342 112C380 104 420 104 458 112L460 128C420 120 380 120 340 128Z', p.d) +
        zip(p, 104, 612) +
        stroke('M468 264L474 350M298 470L326 560M502 470L474 560', p.k, 5) +
        dot(300, 612, 7, p.dd) +
        dot(500, 612, 7, p.dd),
      detail: stroke('M460 128l4 22', p.a, 4),
    },
    612,
  );

/** Patch pockets with flaps, chest and hip, left side. */
const pockets = (p: Palette): string =>
  shape('M296 470H378V580H296Z', p.c) + shape('M292 462H382V498H292Z', p.d) + shape('M300 266H370V330H300Z', p.c) + shape('M296 258H374V284H296Z', p.d);

const parka: Drawing = (p) =>
  wear(
    {
      focus: [400, 150],
      zoom: 2.2,
      body:
        shape('M296 196C282 112 330 58 400 58C470 58 518 112 504 196Z', p.c) +
        shape('M334 186C334 124 362 94 400 94C438 94 466 124 466 186Z', p.dd) +
        stroke('M332 190C330 124 360 92 400 92C440 92 470 124 468 190', '#d8d0c3', 22) +
        stroke('M332 190C330 124 360 92 400 92C440 92 470 124 468 190', '#f1ece3', 12, ' stroke-dasharray="1 9"') +
        sleeves(p, 'long') +
        torso(p, 690, 166, 10) +
        tone('M384 176H416V690H384Z', p.d) +
        repeat(230, 650, 70, (y) => dot(400, y, 5, p.metal, ' stroke-width="2"')) +
        stitch('M262 420H538', p.d) +
        pockets(p) +
        mirrored(pockets(p)),
      detail: stroke('M336 180c-4-20 0-40 10-56M464 180c4-20 0-40-10-56', '#c9c0b2', 2),
    },
    690,
  );

const vest: Drawing = (p) =>
  wear(
    {
      focus: [400, 150],
      zoom: 2.4,
      body:
        torso(p, 610, 144) +
        shape('M250 180L286 168C300 220 292 280 262 318L260 300C260 270 244 230 250 180Z', p.d) +
        mirrored(shape('M250 180L286 168C300 220 292 280 262 318L260 300C260 270 244 230 250 180Z', p.d)) +
        repeat(
          236,
          580,
          58,
          (y) =>
            tone(`M272 ${y + 18}C330 ${y + 6} 470 ${y + 6} 528 ${y + 18}C470 ${y + 26} 330 ${y + 26} 272 ${y + 18}Z`, p.l, 0.35) +
            stroke(`M258 ${y + 44}C330 ${y + 56} 470 ${y + 56} 542 ${y + 44}`, p.dd, 3),
        ) +
        shape(COLLAR_STAND, p.c) +
        zip(p, 104, 610) +
        stroke('M300 470L322 540M500 470L478 540', p.k, 5),
    },
    610,
  );

const fleece: Drawing = (p) =>
  wear(
    {
      focus: [400, 190],
      zoom: 2.4,
      body:
        `<pattern id="fl" width="8" height="8" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="1.3" fill="${p.l}"/></pattern>` +
        sleeves(p, 'long', p.dd) +
        torso(p, 620, 148) +
        tone('M345 150C370 176 430 176 455 150L550 180C556 230 540 270 540 300L548 620H252L260 300C260 270 244 230 250 180Z', 'url(#fl)', 0.5) +
        shape('M250 180L345 150C350 190 340 220 326 236C300 240 270 236 254 230Z', p.d) +
        mirrored(shape('M250 180L345 150C350 190 340 220 326 236C300 240 270 236 254 230Z', p.d)) +
        shape('M438 300H506V380H438Z', p.d) +
        stroke('M446 312H498', p.k, 4) +
        shape('M252 596H548V622H252Z', p.dd) +
        shape(COLLAR_STAND, p.c) +
        zip(p, 104, 290),
    },
    622,
  );

const hoodie: Drawing = (p) =>
  wear(
    {
      focus: [400, 220],
      zoom: 2.3,
      body:
        shape('M304 196C290 118 336 78 400 78C464 78 510 118 496 196Z', p.c) +
        sleeves(p, 'long') +
        torso(p, 600, 150, 40) +
        shape('M340 158C336 120 364 104 400 104C436 104 464 120 460 158L400 232Z', p.dd) +
        stroke('M340 160C336 122 364 106 400 106C436 106 464 122 460 160L400 232Z', p.c, 14) +
        stroke('M386 222L380 330M414 222L420 330', p.k, 5) +
        shape('M375 326h10v20h-10zM415 326h10v20h-10z', p.metal) +
        shape('M300 560L330 446H470L500 560Z', p.c) +
        tone('M300 560L330 446L344 446L320 560Z', p.d) +
        tone('M500 560L470 446L456 446L480 560Z', p.d) +
        stitch('M338 456H462', p.d) +
        ribBand(250, 550, 600, 34, p.d, p.dd),
    },
    634,
  );

const sweatshirt: Drawing = (p) =>
  wear(
    {
      focus: [400, 170],
      zoom: 2.6,
      body:
        sleeves(p, 'long') +
        torso(p, 600, 146, 30) +
        stitch('M350 158L262 300M450 158L538 300', p.d) +
        stroke('M345 150C370 182 430 182 455 150', p.d, 16) +
        stroke('M345 150C370 182 430 182 455 150', p.dd, 2, ' stroke-dasharray="2 6"') +
        shape('M388 174L400 200L412 174Z', p.d) +
        ribBand(254, 546, 600, 34, p.d, p.dd),
    },
    634,
  );

const tee: Drawing = (p) =>
  wear(
    {
      focus: [440, 250],
      zoom: 2.4,
      body:
        sleeves(p, 'short') +
        torso(p, 600, 140, 30) +
        stroke('M345 150C370 182 430 182 455 150', p.d, 12) +
        stitch('M262 584H538', p.d) +
        mark(452, 268, 44, p.k),
    },
    600,
  );

const shirt: Drawing = (p) => {
  const check = `<pattern id="ck" width="44" height="44" patternUnits="userSpaceOnUse"><path d="M0 0h22v44H0zM0 0h44v22H0z" fill="${p.dd}" opacity=".22"/></pattern>`;
  const pocket = shape('M300 268H370V346L335 356L300 346Z', p.c) + shape('M296 260H374V290L335 298L296 290Z', p.d) + dot(335, 286, 4, p.k);
  return wear(
    {
      focus: [400, 190],
      zoom: 2.4,
      body:
        check +
        sleeves(p, 'long', p.c) +
        tone('M262 176C222 182 200 214 192 256L160 556L232 568L268 300Z', 'url(#ck)') +
        mirrored(tone('M262 176C222 182 200 214 192 256L160 556L232 568L268 300Z', 'url(#ck)')) +
        dot(206, 588, 4, p.k) +
        torso(p, 620, 146, 40) +
        tone('M250 180L345 150L400 200L455 150L550 180C556 230 540 270 540 300L546 620H254L260 300C260 270 244 230 250 180Z', 'url(#ck)') +
        shape('M392 196H408V620H392Z', p.c) +
        repeat(236, 600, 70, (y) => dot(400, y, 5, p.k)) +
        mirrored(pocket) +
        pocket +
        shape('M345 150L400 196L370 226L326 170Z', p.c) +
        shape('M455 150L400 196L430 226L474 170Z', p.c),
    },
    650,
  );
};

export const TOPS = { jacket, parka, vest, fleece, hoodie, sweatshirt, tee, shirt } satisfies Record<string, Drawing>;
