// Bench step 5: the JavaScript a browser downloads per page, before and after using its interactive parts.

import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ISLANDS } from '../../src/shared/island.ts';

interface Manifest {
  entry: string;
  islands: Record<string, { file: string; imports: string[] }>;
  react?: { file: string; imports: string[] };
}

export interface IslandOnPage {
  name: string;
  hydrate: string;
  react: boolean;
}

export interface PageJs {
  islands: IslandOnPage[];
  /** Entry, its imports, every non-interaction island and, when one is React, the React runtime. */
  beforeBytes: number;
  /** The above plus the interaction islands the shopper uses on this page type (its main controls). */
  afterBytes: number;
  /** What the HTML itself makes the browser fetch at once: the entry and every modulepreload link. */
  preloadBytes: number;
  beforeFiles: string[];
  afterFiles: string[];
  preloadFiles: string[];
}

// esbuild's minified ESM names its chunks relatively: `from"./chunk-X.js"`, `import"./chunk-X.js"`, `import("./chunk-X.js")`.
const STATIC_IMPORT = /\b(?:from|import)\s*["'](\.{1,2}\/[^"']+)["']/g;
/**
 * The behaviours the entry loads without waiting for the shopper: a string only that behaviour's code
 * holds (to find its chunk), and what in the page's HTML makes the entry load it. The mega menu and the
 * newsletter form load on first use, so they are not here.
 */
const BEHAVIOUR_MARKERS: readonly { code: string; page: string }[] = [
  { code: 'data-carousel-track', page: 'data-carousel-track' },
  { code: 'data-benefit-bar-close', page: 'data-benefit-bar-close' },
  { code: 'data-popup-id', page: 'data-popup-id' },
  // The header behaviour runs on every page with the header; nav analytics where the consent allows it.
  { code: 'details[open], [aria-expanded="true"]', page: 'class="site-header"' },
  { code: 'menuTrack', page: '"allowed":true' },
];
const DYNAMIC_IMPORT = /\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

function attributes(tag: string): Map<string, string> {
  return new Map([...tag.matchAll(/\s([\w:-]+)="([^"]*)"/g)].map((m) => [(m[1] as string).toLowerCase(), (m[2] as string).replace(/&amp;/g, '&')]));
}

export class JsSizer {
  private readonly sources = new Map<string, string>();
  private readonly gzipSizes = new Map<string, number>();
  private readonly publicDir: string;
  private readonly manifest: Manifest;
  private readonly reactIslands: ReadonlySet<string>;
  private hydrateReact: string[] = [];
  /** Content behaviours the entry loads when their markup is on the page (carousels load when visible). */
  private readonly behaviours: { file: string; marker: string }[] = [];

  private constructor(publicDir: string, manifest: Manifest, reactIslands: ReadonlySet<string>) {
    this.publicDir = publicDir;
    this.manifest = manifest;
    this.reactIslands = reactIslands;
  }

  static async create(root: string): Promise<JsSizer> {
    const manifest = JSON.parse(await readFile(join(root, 'dist/manifest.json'), 'utf8')) as Manifest;
    // shared/island.ts says which islands are React components hydrated by hydrate-react.
    const react = new Set<string>(Object.entries(ISLANDS).flatMap(([name, island]) => (island.kind === 'react' ? [name] : [])));
    const sizer = new JsSizer(join(root, 'public'), manifest, react);
    // The manifest names the module that hydrates React islands; the entry's other dynamic imports are
    // content behaviours (carousels, bars) that load only where their markup is.
    if (react.size > 0 && !manifest.react) throw new Error('React islands exist but dist/manifest.json names no React hydration module');
    sizer.hydrateReact = manifest.react ? [manifest.react.file] : [];
    const islandFiles = new Set(Object.values(manifest.islands).map((i) => i.file));
    for (const file of new Set([...sizer.closure([manifest.entry])].flatMap((f) => sizer.imports(f, DYNAMIC_IMPORT)))) {
      if (islandFiles.has(file) || sizer.hydrateReact.includes(file)) continue;
      const marker = BEHAVIOUR_MARKERS.find((m) => sizer.source(file).includes(m.code));
      if (marker) sizer.behaviours.push({ file, marker: marker.page });
    }
    return sizer;
  }

  private source(url: string): string {
    let text = this.sources.get(url);
    if (text === undefined) {
      if (!url.startsWith('/')) throw new Error(`Not a same-origin script: ${url}`);
      text = readFileSync(join(this.publicDir, url), 'utf8');
      this.sources.set(url, text);
    }
    return text;
  }

  private imports(url: string, pattern: RegExp): string[] {
    return [...this.source(url).matchAll(pattern)].map((m) => new URL(m[1] as string, `http://x${url}`).pathname);
  }

  /** The files and everything they import statically, each once. */
  closure(urls: Iterable<string>, into = new Set<string>()): Set<string> {
    for (const url of urls) {
      if (into.has(url)) continue;
      into.add(url);
      this.closure(this.imports(url, STATIC_IMPORT), into);
    }
    return into;
  }

  gzipBytes(url: string): number {
    let size = this.gzipSizes.get(url);
    if (size === undefined) {
      size = gzipSync(Buffer.from(this.source(url)), { level: 9 }).length;
      this.gzipSizes.set(url, size);
    }
    return size;
  }

  private total(files: Set<string>): number {
    return [...files].reduce((sum, f) => sum + this.gzipBytes(f), 0);
  }

  private islandFiles(islands: readonly IslandOnPage[]): string[] {
    const files: string[] = [];
    for (const island of islands) {
      const built = this.manifest.islands[island.name];
      if (!built) throw new Error(`Island ${island.name} is on the page but not in dist/manifest.json`);
      files.push(built.file);
      if (island.react) files.push(...this.hydrateReact);
    }
    return files;
  }

  /** `used`: the islands a shopper interacts with on this page type; other interaction islands stay unloaded. */
  analyse(html: string, used: readonly string[]): PageJs {
    const entries: string[] = [];
    for (const m of html.matchAll(/<script\b[^>]*>/gi)) {
      const attrs = attributes(m[0]);
      if (attrs.get('type') === 'module' && attrs.get('src')) entries.push(attrs.get('src') as string);
    }
    const preloads = [...html.matchAll(/<link\b[^>]*>/gi)].map((m) => attributes(m[0])).filter((a) => a.get('rel') === 'modulepreload');
    const islands = [...html.matchAll(/<[a-z][\w-]*\b[^>]*\sdata-island="[^"]*"[^>]*>/gi)].map((m) => {
      const attrs = attributes(m[0]);
      const name = attrs.get('data-island') as string;
      // The entry treats a marker without a strategy as idle.
      return { name, hydrate: attrs.get('data-hydrate') ?? 'idle', react: this.reactIslands.has(name) };
    });
    const behaviours = this.behaviours.filter((b) => html.includes(b.marker)).map((b) => b.file);
    const before = this.closure([...entries, ...behaviours, ...this.islandFiles(islands.filter((i) => i.hydrate !== 'interaction'))]);
    const after = this.closure(this.islandFiles(islands.filter((i) => i.hydrate !== 'interaction' || used.includes(i.name))), new Set(before));
    const preload = this.closure([...entries, ...preloads.map((a) => a.get('href') as string)]);
    return {
      islands,
      beforeBytes: this.total(before),
      afterBytes: this.total(after),
      preloadBytes: this.total(preload),
      beforeFiles: [...before],
      afterFiles: [...after],
      preloadFiles: [...preload],
    };
  }
}
