// Writes product and banner SVGs to disk; the only art module that uses Node APIs.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_VIEWS, type ProductType } from '../../src/worker/commerce/catalog/product-types.ts';
import { BANNER_NAMES, bannerSvg } from './banner-art.ts';
import { productSvg } from './product-art.ts';

/** Every module whose source shapes the output; a change to any of them must bust cached URLs. */
const ART_MODULES = ['colour.ts', 'kit.ts', 'footwear.ts', 'tops.ts', 'bottoms.ts', 'accessories.ts', 'product-art.ts', 'banner-art.ts', 'favicon.ts'];

let version: string | undefined;

/** Short content hash of the art sources, for immutable cache-friendly image URLs. */
export function artVersion(): string {
  if (version) return version;
  const hash = createHash('sha256');
  for (const file of ART_MODULES) {
    // Line endings are normalised so a Windows checkout yields the same version.
    const source = readFileSync(new URL(file, import.meta.url), 'utf8').replace(/\r\n/g, '\n');
    hash.update(`${file}\0${source}\0`);
  }
  version = hash.digest('hex').slice(0, 8);
  return version;
}

/** Writes `${outDir}/${type}/${hex}-${view}.svg` for each distinct item; returns the number of files written. */
export async function writeProductImages(outDir: string, items: { type: ProductType; hex: string }[]): Promise<number> {
  const seen = new Set<string>();
  let written = 0;
  for (const { type, hex } of items) {
    const name = hex.replace('#', '').toLowerCase();
    const key = `${type}/${name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // Render before touching the disk so a bad colour fails without leaving partial output.
    const files = IMAGE_VIEWS.map((view) => [join(outDir, type, `${name}-${view}.svg`), productSvg(type, hex, view)] as const);
    await mkdir(join(outDir, type), { recursive: true });
    await Promise.all(files.map(([path, svg]) => writeFile(path, svg)));
    written += files.length;
  }
  return written;
}

/** Writes `${outDir}/banners/${name}.svg` at 1600x700; returns the number of files written. */
export async function writeBanners(outDir: string): Promise<number> {
  const dir = join(outDir, 'banners');
  await mkdir(dir, { recursive: true });
  await Promise.all(BANNER_NAMES.map((name) => writeFile(join(dir, `${name}.svg`), bannerSvg(name, 1600, 700))));
  return BANNER_NAMES.length;
}
