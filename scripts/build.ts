// Builds what the worker serves beside itself: island bundles, styles, product art, and the manifest.
// Usage: node scripts/build.ts

import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { build, type Metafile } from 'esbuild';
import type { ProductType } from '../src/worker/commerce/catalog/product-types.ts';
import { TILE_ART } from '../src/worker/commerce/catalog/tile-art.ts';
import { artVersion, writeBanners, writeProductImages } from './art/build-images.ts';
import { faviconSvg } from './art/favicon.ts';
import { buildCatalog } from './seed/catalog.ts';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const publicDir = join(root, 'public');
const outDir = join(publicDir, 'assets');

/** Island name -> source file, read from the registry so there is one list of islands. */
async function islandSources(): Promise<Map<string, string>> {
  const registry = await readFile(join(root, 'src/client/islands/registry.ts'), 'utf8');
  const sources = new Map<string, string>();
  for (const match of registry.matchAll(/'?([a-z-]+)'?:\s*\(\)\s*=>\s*import\('\.\/([^']+)'\)/g)) {
    sources.set(match[1] as string, `src/client/islands/${match[2]}`);
  }
  if (sources.size === 0) throw new Error('No islands found in src/client/islands/registry.ts');
  return sources;
}

/** Every chunk a module statically imports, so the page can modulepreload them all at once. */
function staticImports(metafile: Metafile, file: string, seen = new Set<string>()): string[] {
  for (const imported of metafile.outputs[file]?.imports ?? []) {
    if (imported.kind !== 'import-statement' || seen.has(imported.path)) continue;
    seen.add(imported.path);
    staticImports(metafile, imported.path, seen);
  }
  return [...seen];
}

const url = (file: string) => `/${relative(publicDir, join(root, file)).split('\\').join('/')}`;

async function buildScripts() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { entry: 'src/client/entry.ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    metafile: true,
    legalComments: 'none',
    jsx: 'automatic',
    outdir: join(outDir, 'js'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const metafile = result.metafile;
  const outputs = Object.entries(metafile.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint === 'src/client/entry.ts')?.[0];
  if (!entry) throw new Error('The client entry was not built');
  const islands: Record<string, { file: string; imports: string[] }> = {};
  for (const [name, source] of await islandSources()) {
    const file = outputs.find(([, o]) => o.entryPoint === source)?.[0];
    if (!file) throw new Error(`Island ${name} (${source}) was not built`);
    islands[name] = { file: url(file), imports: staticImports(metafile, file).map(url) };
  }
  const hydrate = outputs.find(([, o]) => o.entryPoint === 'src/client/hydrate-react.ts')?.[0];
  if (!hydrate) throw new Error('The React hydration module was not built');
  // Parts an island loads on demand (a checkout step), by path under islands/: a page that will need one at
  // once names it, and its chunks are preloaded with the island's.
  const islandFiles = new Set(Object.values(islands).map((i) => i.file));
  const lazy: Record<string, { file: string; imports: string[] }> = {};
  for (const [file, output] of outputs) {
    const source = output.entryPoint;
    if (!source?.startsWith('src/client/islands/') || islandFiles.has(url(file))) continue;
    lazy[source.slice('src/client/islands/'.length).replace(/\.tsx?$/, '')] = { file: url(file), imports: staticImports(metafile, file).map(url) };
  }
  return { entry: url(entry), islands, lazy, react: { file: url(hydrate), imports: staticImports(metafile, hydrate).map(url) } };
}

/**
 * One sheet per CSS file at the top of src/client/styles (base, and each page type's own), its parts
 * imported from the folders beside it. Sheet name -> URL.
 */
async function buildStyles(): Promise<Record<string, string>> {
  const stylesDir = join(root, 'src/client/styles');
  const sheets = (await readdir(stylesDir, { withFileTypes: true })).filter((e) => e.isFile() && e.name.endsWith('.css')).map((e) => e.name.slice(0, -4));
  if (!sheets.includes('base')) throw new Error('No base sheet in src/client/styles');
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(sheets.map((name) => [name, `src/client/styles/${name}.css`])),
    bundle: true,
    minify: true,
    metafile: true,
    outdir: join(outDir, 'css'),
    entryNames: '[name]-[hash]',
    logLevel: 'warning',
  });
  const css: Record<string, string> = {};
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    const name = output.entryPoint?.match(/^src\/client\/styles\/([^/]+)\.css$/)?.[1];
    if (name) css[name] = url(file);
  }
  for (const name of sheets) if (!css[name]) throw new Error(`The ${name} stylesheet was not built`);
  return Object.fromEntries(Object.entries(css).sort(([a], [b]) => a.localeCompare(b)));
}

async function buildArt() {
  const version = artVersion();
  const imageDir = join(outDir, 'img', version);
  const catalog = buildCatalog();
  const typeOf = new Map(catalog.styles.map((s) => [s.id, s.product_type as ProductType]));
  const items = catalog.products.map((p) => ({ type: typeOf.get(p.style_id as string) as ProductType, hex: p.swatch_hex as string }));
  items.push(...TILE_ART);
  const written = await writeProductImages(join(imageDir, 'products'), items);
  await writeBanners(imageDir);
  const favicon = faviconSvg();
  const faviconName = `favicon-${createHash('sha256').update(favicon).digest('hex').slice(0, 8)}.svg`;
  await writeFile(join(outDir, faviconName), favicon);
  return { version, written, favicon: `/assets/${faviconName}`, imageBase: `/assets/img/${version}/products`, bannerBase: `/assets/img/${version}/banners` };
}

/**
 * The sandbox card processor as one module for the integration tests and the bench, which run it as an
 * auxiliary worker beside the store (wrangler dev bundles it itself from wrangler.payments.toml).
 */
async function buildPaymentsSandbox() {
  const bundle = (entry: string, outfile: string) =>
    build({
      absWorkingDir: root,
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      target: 'es2022',
      platform: 'neutral',
      external: ['cloudflare:*'],
      outfile: join(root, outfile),
      logLevel: 'warning',
    });
  // The tests' copy can also delete its test data between test files (tests/integration/payments-sandbox.ts).
  await Promise.all([
    bundle('src/payments/worker.ts', 'dist/payments-sandbox.js'),
    bundle('tests/integration/payments-sandbox.ts', 'dist/payments-sandbox-test.js'),
  ]);
}

const started = performance.now();
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });
const [scripts, css, art] = await Promise.all([buildScripts(), buildStyles(), buildArt(), buildPaymentsSandbox()]);
const manifest = {
  entry: scripts.entry,
  css,
  imageBase: art.imageBase,
  bannerBase: art.bannerBase,
  favicon: art.favicon,
  islands: scripts.islands,
  lazy: scripts.lazy,
  react: scripts.react,
};
await mkdir(join(root, 'dist'), { recursive: true });
await writeFile(join(root, 'dist/manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`build: ${Object.keys(scripts.islands).length} islands, ${art.written} images, art ${art.version}, ${Math.round(performance.now() - started)} ms`);
