// The document around every page: <head> metadata, the shell's header and the footer's scripts.

import type { ReactNode } from 'react';
import { type PageState, STATE_SCRIPT_ID, serializeForHtml } from '../../shared/island.ts';
import type { PageType } from '../../shared/page-type.ts';
import { assets } from '../assets.ts';

export interface PageMeta {
  title: string;
  description: string;
  pageType: PageType;
  canonical?: string;
  robots?: string;
  /** hreflang alternates: the same page in every locale. */
  alternates?: { hreflang: string; href: string }[];
  ogImage?: string;
  ogType?: 'website' | 'product';
  /** The largest image above the fold, fetched before the body arrives. */
  preloadImage?: string;
}

export function Head({ meta, origin }: { meta: PageMeta; origin: string }) {
  const absolute = (path: string) => new URL(path, origin).toString();
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      {meta.robots ? <meta name="robots" content={meta.robots} /> : null}
      {meta.canonical ? <link rel="canonical" href={absolute(meta.canonical)} /> : null}
      {meta.alternates?.map((a) => (
        <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={absolute(a.href)} />
      ))}
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:type" content={meta.ogType ?? 'website'} />
      {meta.ogImage ? <meta property="og:image" content={absolute(meta.ogImage)} /> : null}
      <meta name="theme-color" content="#1f2a24" />
      <link rel="icon" href={assets.favicon} type="image/svg+xml" />
      <link rel="stylesheet" href={assets.css} />
      {meta.preloadImage ? <link rel="preload" as="image" href={meta.preloadImage} fetchPriority="high" /> : null}
    </>
  );
}

/** The snapshot that seeds client stores, plus the entry script and the chunks of the islands present. */
export function Scripts({ state, islands, nonce }: { state: PageState; islands: ReadonlySet<string>; nonce: string }): ReactNode {
  if (islands.size === 0) return null;
  const chunks = new Set<string>();
  for (const name of islands) {
    const island = assets.islands[name];
    if (!island) continue;
    chunks.add(island.file);
    for (const file of island.imports) chunks.add(file);
  }
  return (
    <>
      <script
        type="application/json"
        id={STATE_SCRIPT_ID}
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeForHtml escapes every character that could end the script.
        dangerouslySetInnerHTML={{ __html: serializeForHtml(state) }}
      />
      {[...chunks].map((file) => (
        <link key={file} rel="modulepreload" href={file} />
      ))}
      <script type="module" src={assets.entry} nonce={nonce} />
    </>
  );
}
