// Product illustrations: one standalone SVG per product type, colour and gallery view.

import type { ImageView, ProductType } from '../../src/shared/product-types.ts';
import { palette } from './colour.ts';
import type { Art, Drawing } from './kit.ts';
import { ACCESSORIES } from './accessories.ts';
import { BOTTOMS } from './bottoms.ts';
import { FOOTWEAR } from './footwear.ts';
import { TOPS } from './tops.ts';

const DRAWINGS: Record<ProductType, Drawing> = { ...FOOTWEAR, ...TOPS, ...BOTTOMS, ...ACCESSORIES };

const STUDIO =
  '<linearGradient id="bg" x2="0" y2="1"><stop offset="0" stop-color="#f4f1ec"/><stop offset="1" stop-color="#e2ddd5"/></linearGradient>' +
  '<radialGradient id="gl"><stop offset="0" stop-color="#fff" stop-opacity=".75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>' +
  '<radialGradient id="sh"><stop offset="0" stop-color="#3b332b" stop-opacity=".32"/><stop offset="1" stop-color="#3b332b" stop-opacity="0"/></radialGradient>' +
  // Pushes the second item of a pair back by fading it towards the backdrop.
  '<filter id="fd"><feColorMatrix values=".84 0 0 0 .13 0 .84 0 0 .12 0 0 .84 0 .11 0 0 0 1 0"/></filter>';

const use = (transform: string, extra = ''): string => `<use href="#p" transform="${transform}"${extra}/>`;

const shadow = (x: number, y: number, rx: number): string =>
  `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${Math.round(rx / 9)}" fill="url(#sh)"/>`;

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
  const floor = art.floor ?? 640;
  const spread = art.spread ?? 270;
  if (view === 'detail') {
    const [fx, fy] = art.focus;
    const z = art.zoom ?? 2.4;
    const t = `translate(400 400) scale(${z}) translate(${-fx} ${-fy})`;
    return use(t) + (art.detail ? `<g transform="${t}">${art.detail}</g>` : '');
  }
  if (view === 'side') return shadow(400, floor, spread) + use('translate(0 0)');
  const flip = art.noMirror ? '' : ' matrix(-1 0 0 1 800 0)';
  if (art.kind === 'shoe') {
    // A pair: the near shoe mirrored and toe-up, its twin behind and faded.
    return (
      shadow(440, floor - 40, spread * 0.9) +
      use(`translate(70 -50) scale(.88) translate(54 87)${flip}`, ' filter="url(#fd)"') +
      shadow(380, floor + 20, spread) +
      use(`translate(-30 40) rotate(-5 400 ${floor})${flip}`)
    );
  }
  if (art.kind === 'wear') {
    const inner = `<g transform="translate(400 420) rotate(-6) scale(1.12) translate(-400 -400)">${use('translate(0 0)')}${art.tag ? hangTag(art.tag, accent) : ''}</g>`;
    return shadow(400, floor + 40, spread * 1.1) + inner;
  }
  return shadow(400, floor + 10, spread) + use(`translate(400 400) rotate(-8) scale(1.1) translate(-400 -400)${flip}`);
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
