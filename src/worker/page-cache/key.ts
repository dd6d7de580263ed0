// The page cache's key (ARCHITECTURE.md, The edge page cache): the address normalised, and every input an
// anonymous page varies on, each from a small fixed set. Nothing here reads a cookie as a whole or who the
// shopper is; the personalisation part comes from the page's own recorded decisions (decisions.ts).

import type { Consent } from '../../shared/personalisation/consent.ts';
import { sha256Hex } from '../lib/digest.ts';
import { isolateMap } from '../lib/isolate-memory.ts';

/** Parameters that only tell analytics where a visit came from: the page is the same without them. */
const TRACKING =
  /^(utm_[a-z0-9_]+|gclid|gbraid|wbraid|dclid|gclsrc|fbclid|msclkid|yclid|twclid|ttclid|li_fat_id|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|srsltid)$/i;

/** The address a page is rendered and cached for: tracking parameters dropped, the rest in name order. */
export function normalisedUrl(raw: string | URL): URL {
  const url = new URL(raw);
  // Most page views name no parameters: nothing to drop or order.
  if (!url.search && !url.hash) return url;
  const kept = [...url.searchParams].filter(([name]) => !TRACKING.test(name));
  // A stable sort keeps repeated names (size=9&size=10) in the order given, which is the order they show.
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = new URLSearchParams(kept).toString();
  url.hash = '';
  return url;
}

export interface KeyInputs {
  /** The client build whose scripts and sheets the page links (assets.ts). */
  build: string;
  siteId: string;
  locale: string;
  consent: Consent;
  /** The country a location prompt names, or null when the page shows none. */
  locationPrompt: string | null;
}

function flag(value: boolean): string {
  return value ? '1' : '0';
}

/**
 * How entries are kept (store.ts). A change to it changes every key, so a deploy or a rollback never reads an
 * entry the other format wrote (format 1 kept a personalised page's decisions as a JSON entry of their own).
 */
const ENTRY_FORMAT = 2;

/** The key under a page's address: everything but the personalisation outcomes. */
export function baseKey(url: URL, inputs: KeyInputs): string {
  // Of consent, only whether the visitor has chosen shows in the page (the banner). What targeting consent
  // changes is in the outcomes of the page's decisions (pageKey); analytics consent is read in the browser.
  return [
    `${url.pathname}${url.search}`,
    `build=${inputs.build}`,
    `site=${inputs.siteId}`,
    `locale=${inputs.locale}`,
    `consent=${flag(inputs.consent.decided)}`,
    `loc=${inputs.locationPrompt ?? '-'}`,
    `format=${ENTRY_FORMAT}`,
  ].join('|');
}

/** The key of one rendering of the page: its base and what this visitor gets at each decision. */
export function pageKey(base: string, outcomes: string): string {
  return `${base}|p13n=${outcomes}`;
}

/** Digests of the keys this isolate met lately: a hit on a popular page then hashes nothing. */
const digests = isolateMap<string, string>();
const DIGESTS_KEPT = 2_000;

/** The Cache API needs a URL: the key's digest under the store's own origin. */
export async function cacheUrl(origin: string, key: string): Promise<string> {
  const known = digests.get(key);
  if (known) return `${origin}/__page-cache/${known}`;
  const hex = await sha256Hex(key);
  if (digests.size >= DIGESTS_KEPT) digests.delete(digests.keys().next().value as string);
  digests.set(key, hex);
  return `${origin}/__page-cache/${hex}`;
}
