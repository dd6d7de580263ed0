// The client build's manifest: hashed script and style URLs, island chunks and the product image base.

import manifest from '../../dist/manifest.json';

/**
 * The page types' own sheets, in the order a page links them after the base sheet: the order their rules had
 * in the single sheet they were cut from, so the cascade between two sheets a page links is what it was.
 */
export const PAGE_SHEETS = ['listing', 'product', 'reviews', 'stores', 'home', 'account', 'cart', 'order', 'checkout'] as const;
export type PageSheet = (typeof PAGE_SHEETS)[number];

export interface AssetManifest {
  entry: string;
  /** Sheet name -> URL: `base`, which every page links, and the page types' own (src/client/styles/<name>.css). */
  css: Record<'base' | PageSheet, string>;
  imageBase: string;
  bannerBase: string;
  favicon: string;
  /** Island name -> its module and the chunks it imports, for modulepreload. */
  islands: Record<string, { file: string; imports: string[] }>;
  /** What islands load on demand, by path under islands/ ("checkout/Payment"): preloaded where a page needs it at once. */
  lazy: Record<string, { file: string; imports: string[] }>;
  /** The module that hydrates React islands, loaded only on pages that have one. */
  react: { file: string; imports: string[] };
}

export const assets: AssetManifest = manifest;

/**
 * A short name for this client build (FNV-1a of its manifest). A page the cache kept names the build's hashed
 * scripts and sheets, which the next deploy no longer serves: the page cache keys on it (page-cache/key.ts).
 */
export const ASSET_BUILD = (() => {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(manifest)) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return hash.toString(36);
})();
