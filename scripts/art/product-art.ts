// Product illustrations: one standalone SVG per product type, colour and gallery view.

import type { ImageView, ProductType } from '../../src/worker/commerce/catalog/product-types.ts';
import { ACCESSORIES } from './accessories.ts';
import { BOTTOMS } from './bottoms.ts';
import { palette } from './colour.ts';
import { FOOTWEAR } from './footwear.ts';
import type { Art, Drawing } from './kit.ts';
import { TOPS } from './tops.ts';

const DRAWINGS: Record<ProductType, Drawing> = { ...FOOTWEAR, ...TOPS, ...BOTTOMS, ...ACCESSORIES };

const STUDIO =
  '<linearGradient id="bg" x2="0" y2="1"><stop offset="0" stop-color="#f4f1ec"/><stop offset="1" stop-color="#e2ddd5"/></linearGradient>' +
  '<radialGradient id="gl"><stop offset="0" stop-color="#fff" stop-opacity=".75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>' +
  '<radialGradient id="sh"><stop offset="0" stop-color="#3b332b" stop-opacity=".32"/><stop offset="1" stop-color="#3b332b" stop-opacity="0"/></radialGradient>' +
  // Pushes the second item of a pair back by fading it towards the backdrop.
  '<filter id="fd"><feColorMatrix values=".84 0 0 0 .13 0 .84 0 0 .12 0 0 .84 0 .11 0 0 0 1 0"/></filter>';

const use = (transform = '', extra = ''): string => `<use href="#p"${transform && ` transform="${transform}"`}${extra}/>`;

const r1 = (n: number): number => Math.round(n * 100) / 100;

/** Soft contact shadow under the bottom edge of a box, in art space. */
function shadow([x0, , x1, y1]: Art['box'], dx = 0): string {
  const rx = r1((x1 - x0) * 0.56);
  return `<ellipse cx="${r1((x0 + x1) / 2 + dx)}" cy="${y1}" rx="${rx}" ry="${r1(Math.max(14, rx / 9))}" fill="url(#sh)"/>`;
}

/** Scales and centres the art's box in the frame; `k` shrinks it to leave room for a composition. */
function place([x0, y0, x1, y1]: Art['box'], max: number, k: number): string {
  const s = r1(Math.min(max, 600 / (x1 - x0), 560 / (y1 - y0)) * k);
  return `translate(${r1(400 - ((x0 + x1) / 2) * s)} ${r1(410 - ((y0 + y1) / 2) * s)}) scale(${s})`;
}

/** Brand hang tag on a string, drawn in art space so it tilts with the garment. */
function hangTag([x, y]: readonly [number, number], accent: string): string {
  return (
    `<g stroke="#3b332b" stroke-width="3" stroke-linejoin="round"><path d="M${x} ${y}q30 40 62 54" fill="none"/>` +
    `<path d="M${x + 50} ${y + 42}l46 20-20 64-58-24z" fill="${accent}"/>` +
    `<circle cx="${x + 58}" cy="${y + 54}" r="5" fill="#f4f1ec"/>` +
    `<path d="M${x + 44} ${y + 98}l34 14" stroke="#f4f1ec" stroke-width="4"/></g>`
  );
}

function stage(art: Art, view: ImageView, accent: string): string {
  const { box } = art;
  const max = art.maxScale ?? 1.25;
  const cx = (box[0] + box[2]) / 2;
  const cy = (box[1] + box[3]) / 2;
  if (view === 'detail') {
    const [fx, fy] = art.focus;
    const t = `translate(400 400) scale(${art.zoom ?? 2.4}) translate(${-fx} ${-fy})`;
    return use(t) + (art.detail ? `<g transform="${t}">${art.detail}</g>` : '');
  }
  if (view === 'side') return `<g transform="${place(box, max, 1)}">${shadow(box)}${use()}</g>`;
  const flip = art.noMirror ? '' : ` matrix(-1 0 0 1 ${2 * cx} 0)`;
  if (art.kind === 'shoe') {
    // A pair: the near shoe mirrored and toe-up, its twin behind, smaller and faded.
    const w = box[2] - box[0];
    const dx = r1(w * 0.13);
    const dy = r1(-Math.min(50, (box[3] - box[1]) * 0.2));
    return (
      `<g transform="${place(box, max, 0.84)}">${shadow(box, dx)}` +
      use(`translate(${r1(dx + cx * 0.08)} ${r1(dy + box[3] * 0.08)}) scale(.92)${flip}`, ' filter="url(#fd)"') +
      `<g transform="translate(${-dx / 2} ${-dy / 2})">${shadow(box)}${use(`rotate(3 ${box[2]} ${box[3]})${flip}`)}</g></g>`
    );
  }
  const tilt = `rotate(-6 ${r1(cx)} ${r1(cy)})`;
  if (art.kind === 'wear') {
    return `<g transform="${place(box, max, 1.08)}">${shadow(box)}<g transform="${tilt}">${use()}${art.tag ? hangTag(art.tag, accent) : ''}</g></g>`;
  }
  const twin = art.twin ? use(`rotate(8 ${r1(cx)} ${r1(cy)}) translate(40 -40)`, ' filter="url(#fd)"') : '';
  return `<g transform="${place(box, max, art.twin ? 0.9 : 1.02)}">${shadow(box)}${twin}${use(`${tilt}${flip}`)}</g>`;
}

export function productSvg(type: ProductType, hex: string, view: ImageView): string {
  const p = palette(hex);
  const draw = DRAWINGS[type];
  if (!draw) throw new Error(`Unknown product type "${String(type)}"`);
  const art = draw(p);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">' +
    `<defs>${STUDIO}<g id="p" stroke="${p.line}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round">${art.body}</g></defs>` +
    '<rect width="800" height="800" fill="url(#bg)"/><circle cx="400" cy="380" r="380" fill="url(#gl)"/>' +
    `${stage(art, view, p.a)}</svg>`
  );
}
