// The document around every page: <head> metadata, the shell's header and the footer's scripts.

import type { ReactNode } from 'react';
import { type IslandName, isReactIsland, type PageState, STATE_SCRIPT_ID, serializeForHtml } from '../../shared/island.ts';
import { assets, PAGE_SHEETS, type PageSheet } from '../assets.ts';
import type { PageType } from './page-type.ts';

export interface PageMeta {
  title: string;
  description: string;
  pageType: PageType;
  /** The sheets the page's own markup needs beside the base sheet: none, or its page type's (and shared ones such as `order`). */
  styles: readonly PageSheet[];
  canonical?: string;
  robots?: string;
  /** hreflang alternates: the same page in every locale. */
  alternates?: { hreflang: string; href: string }[];
  ogImage?: string;
  ogType?: 'website' | 'product';
  /** The largest image above the fold, fetched before the body arrives. */
  preloadImage?: string;
  /** The header over the page's opening hero until the page scrolls (account-content §4). */
  transparentHeader?: boolean;
}

/** An absolute http(s) URL for a path or URL, or null for anything a browser could not follow. */
function absoluteUrl(path: string, origin: string): string | null {
  try {
    const url = new URL(path, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export function Head({ meta, origin }: { meta: PageMeta; origin: string }) {
  // Canonical and image URLs may come from content: one that does not parse is left out, not fatal.
  const canonical = meta.canonical ? absoluteUrl(meta.canonical, origin) : null;
  const ogImage = meta.ogImage ? absoluteUrl(meta.ogImage, origin) : null;
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      {meta.robots ? <meta name="robots" content={meta.robots} /> : null}
      {canonical ? <link rel="canonical" href={canonical} /> : null}
      {meta.alternates?.map((a) => (
        <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={absoluteUrl(a.href, origin) ?? a.href} />
      ))}
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:type" content={meta.ogType ?? 'website'} />
      {ogImage ? <meta property="og:image" content={ogImage} /> : null}
      <meta name="theme-color" content="#1f2a24" />
      <link rel="icon" href={assets.favicon} type="image/svg+xml" />
      <link rel="stylesheet" href={assets.css.base} />
      {PAGE_SHEETS.filter((sheet) => meta.styles.includes(sheet)).map((sheet) => (
        <link key={sheet} rel="stylesheet" href={assets.css[sheet]} />
      ))}
      {meta.preloadImage ? <link rel="preload" as="image" href={meta.preloadImage} fetchPriority="high" /> : null}
    </>
  );
}

/**
 * The snapshot that seeds client stores, the entry script, and modulepreload links for the code of
 * the islands that hydrate without waiting for the shopper (React too when one of them needs it).
 * Islands that wait for interaction are not preloaded: their bytes are spent only if used.
 */
export function Scripts({
  state,
  islands,
  nonce,
  modules = [],
}: {
  state: PageState;
  islands: ReadonlyMap<IslandName, boolean>;
  nonce: string;
  /** Parts of the islands loaded on demand that this page needs at once (a checkout opened at its payment step). */
  modules?: readonly string[] | undefined;
}): ReactNode {
  if (islands.size === 0) return null;
  const chunks = new Set<string>();
  const add = (module: { file: string; imports: string[] }) => {
    chunks.add(module.file);
    for (const file of module.imports) chunks.add(file);
  };
  for (const [name, eager] of islands) {
    const island = assets.islands[name];
    if (!island || !eager) continue;
    add(island);
    if (isReactIsland(name)) add(assets.react);
  }
  for (const name of modules) {
    const module = assets.lazy[name];
    if (module) add(module);
  }
  return (
    <>
      <script type="application/json" id={STATE_SCRIPT_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: serializeForHtml(state) }} />
      {[...chunks].map((file) => (
        <link key={file} rel="modulepreload" href={file} />
      ))}
      <script type="module" src={assets.entry} nonce={nonce} />
    </>
  );
}
