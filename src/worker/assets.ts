// The client build's manifest: hashed script and style URLs, island chunks and the product image base.

import manifest from '../../dist/manifest.json';

export interface AssetManifest {
  entry: string;
  css: string;
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
