// Rendered page bodies remembered by what they were rendered from. A body that is the same for every
// shopper (a product page: catalog, reviews, content) is rendered again only when its inputs change: the
// data is still read fresh on every request, and its digest is the key, so nothing shown is ever stale.
// Rendering was most of a product page's CPU; a digest of its inputs costs a small fraction of that.

import type { IslandName } from '../../shared/island.ts';
import { sha256Hex } from '../lib/digest.ts';
import { isolateMap } from '../lib/isolate-memory.ts';

export interface RememberedBody {
  /** The markup with the request's CSP nonce replaced by NONCE_MARK. */
  html: string;
  islands: ReadonlyMap<IslandName, boolean>;
}

/** Stands in for the nonce in remembered markup; a nonce is base64, so it never contains this. */
export const NONCE_MARK = '\u0000nonce\u0000';

/** Bodies kept per isolate: the hot products' pages, a few hundred kilobytes in all. */
const MAX_BODIES = 48;
const bodies = isolateMap<string, RememberedBody>();

export function rememberedBody(key: string): RememberedBody | undefined {
  const body = bodies.get(key);
  if (body) {
    // Most recently used last, so the oldest unused one goes first.
    bodies.delete(key);
    bodies.set(key, body);
  }
  return body;
}

export function rememberBody(key: string, body: RememberedBody): void {
  if (bodies.size >= MAX_BODIES) bodies.delete(bodies.keys().next().value as string);
  bodies.set(key, body);
}

/** The key for a body rendered from `inputs` (anything JSON can carry). */
export function bodyKey(inputs: unknown): Promise<string> {
  return sha256Hex(JSON.stringify(inputs));
}
