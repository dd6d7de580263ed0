// The shape of the code, checked on every run so it cannot drift back: layers import only downwards,
// no module imports itself round a runtime cycle, no Hono Context below the HTTP edge, and no source file
// grows past what one reader holds. Function length is Biome's rule (noExcessiveLinesPerFunction in
// biome.json); file length has no Biome rule, so it is counted here.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');
const MAX_FILE_LINES = 400;
// Data and message catalogues: long because the data is.
const LONG_BY_NATURE = [/^src\/shared\/i18n\/[a-z]{2}\.ts$/, /^src\/worker\/commerce\/stores\/postal-areas\.ts$/];

interface SourceFile {
  path: string; // relative to the repository, with forward slashes
  text: string;
  runtimeImports: string[]; // resolved relative paths, type-only imports left out
  allImports: { target: string; typeOnly: boolean }[];
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

// `import type {…}`, `export type {…}` and `import { type A, type B }` vanish at build time.
const IMPORT = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

function isTypeOnly(keyword: string | undefined, clause: string): boolean {
  if (keyword) return true;
  const named = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!named?.[1]) return false;
  const names = named[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

function readSource(full: string): SourceFile {
  const text = readFileSync(full, 'utf8');
  const path = relative(ROOT, full).replaceAll('\\', '/');
  const allImports: SourceFile['allImports'] = [];
  const resolveSpec = (spec: string) => (spec.startsWith('.') ? relative(ROOT, resolve(dirname(full), spec)).replaceAll('\\', '/') : undefined);
  for (const match of text.matchAll(IMPORT)) {
    const target = resolveSpec(match[4] ?? '');
    if (target) allImports.push({ target, typeOnly: isTypeOnly(match[2], match[3] ?? '') });
  }
  for (const match of text.matchAll(DYNAMIC)) {
    const target = resolveSpec(match[1] ?? '');
    if (target) allImports.push({ target, typeOnly: false });
  }
  return { path, text, allImports, runtimeImports: allImports.filter((i) => !i.typeOnly).map((i) => i.target) };
}

const files = walk(SRC).map(readSource);
const byPath = new Map(files.map((file) => [file.path, file]));

/** Tarjan's strongly connected components of the runtime import graph; a component of two or more is a cycle. */
function runtimeCycles(): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of byPath.get(node)?.runtimeImports ?? []) {
      if (!byPath.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file.path)) visit(file.path);
  return cycles;
}

function importsInto(from: RegExp, into: RegExp, options: { runtimeOnly?: boolean } = {}): string[] {
  return files
    .filter((file) => from.test(file.path))
    .flatMap((file) => file.allImports.filter((i) => into.test(i.target) && !(options.runtimeOnly && i.typeOnly)).map((i) => `${file.path} -> ${i.target}`));
}

describe('the shape of the code', () => {
  it('has no runtime import cycle', () => {
    expect(runtimeCycles()).toEqual([]);
  });

  it('imports only downwards: pages -> commerce -> lib and shared', () => {
    expect(importsInto(/^src\/worker\/commerce\//, /^src\/worker\/(pages|admin|content)\//)).toEqual([]);
    expect(importsInto(/^src\/worker\/lib\//, /^src\/worker\/(pages|admin|content|commerce|middleware)\//)).toEqual([]);
    expect(importsInto(/^src\/shared\//, /^src\/(worker|client|payments)\//)).toEqual([]);
    expect(importsInto(/^src\/payments\//, /^src\/(worker|client)\//)).toEqual([]);
  });

  it('lets the browser import from the worker only the API route type, in one place', () => {
    const intoWorker = importsInto(/^src\/client\//, /^src\/worker\//);
    expect(intoWorker).toEqual(['src/client/api.ts -> src/worker/api.ts']);
    expect(byPath.get('src/client/api.ts')?.allImports.find((i) => i.target === 'src/worker/api.ts')?.typeOnly).toBe(true);
  });

  it('keeps the Hono Context at the HTTP edge: routes, pages, admin, middleware and the named adapters', () => {
    const edge = [
      /^src\/worker\/(pages|admin|middleware)\//,
      /\/routes?\.tsx?$/,
      /-routes?\.ts$/,
      /^src\/worker\/(api|app|index)\.ts$/,
      // The adapters that turn a request into a service's deps, acting shopper and cookie changes.
      /^src\/worker\/commerce\/(\w[\w-]*\/)?from-request\.ts$/,
      /^src\/worker\/commerce\/identity\/http-session\.ts$/,
      /^src\/worker\/lib\/(http-deps|http-cookies|api-locale)\.ts$/,
    ];
    const below = files
      .filter((file) => file.path.startsWith('src/worker/') && !edge.some((pattern) => pattern.test(file.path)))
      .filter((file) => /import[^;]*\bContext\b[^;]*from\s*'hono'/.test(file.text))
      .map((file) => file.path);
    expect(below).toEqual([]);
  });

  it(`has no source file over ${MAX_FILE_LINES} lines but data and message catalogues`, () => {
    const long = files
      .filter((file) => !LONG_BY_NATURE.some((pattern) => pattern.test(file.path)))
      .map((file) => ({ path: file.path, lines: file.text.split('\n').length - (file.text.endsWith('\n') ? 1 : 0) }))
      .filter((file) => file.lines > MAX_FILE_LINES);
    expect(long).toEqual([]);
  });
});
