// Bench step 1: the client build, then the worker bundled exactly as `wrangler deploy` would upload it.

import { execFile } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const run = promisify(execFile);

/** Markers of React's development builds; their file banners survive wrangler's unminified bundle. */
const DEV_MARKERS = ['react-dom-server.edge.development', 'react.development'];
const CODE_EXTENSIONS = new Set(['.js', '.mjs', '.wasm']);

export interface WorkerBundle {
  dir: string;
  entry: string;
  files: { file: string; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
  devMarkers: string[];
}

async function runStep(label: string, command: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await run(command, args, {
      cwd,
      timeout: 180_000,
      maxBuffer: 64 * 1024 * 1024,
      // No telemetry prompt or upload: the bench is offline and non-interactive.
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    return stdout;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${label} failed: ${failed.message}\n${failed.stdout ?? ''}${failed.stderr ?? ''}`.trim());
  }
}

export async function buildClient(root: string): Promise<string> {
  const out = await runStep('client build (node scripts/build.ts)', process.execPath, [join(root, 'scripts/build.ts')], root);
  return out.trim();
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Finds the module wrangler wrote for `main`: the only script, else the one named after main. */
function entryModule(scripts: string[], main: string): string {
  const modules = scripts.filter((f) => extname(f) === '.js' || extname(f) === '.mjs');
  if (modules.length === 1) return modules[0] as string;
  const stem = basename(main, extname(main));
  const named = modules.find((f) => basename(f, extname(f)) === stem);
  if (!named) throw new Error(`Cannot tell the worker entry among: ${modules.join(', ') || '(no modules)'}`);
  return named;
}

export async function bundleWorker(root: string, outDir: string, main: string): Promise<WorkerBundle> {
  // A stale module from an earlier run would be counted in the bundle size.
  await rm(outDir, { recursive: true, force: true });
  await runStep('wrangler deploy --dry-run', join(root, 'node_modules/.bin/wrangler'), ['deploy', '--dry-run', '--outdir', outDir], root);
  const scripts = (await listFiles(outDir)).filter((f) => CODE_EXTENSIONS.has(extname(f)));
  const files = [];
  const devMarkers = new Set<string>();
  for (const file of scripts) {
    const content = await readFile(file);
    files.push({ file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length });
    const text = content.toString('latin1');
    for (const marker of DEV_MARKERS) if (text.includes(marker)) devMarkers.add(marker);
  }
  return {
    dir: outDir,
    entry: entryModule(scripts, main),
    files,
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    devMarkers: [...devMarkers],
  };
}

/** The few wrangler.toml keys the bench needs; a regex read, as the file keeps them top-level and simple. */
export async function readWranglerConfig(root: string): Promise<{ main: string; compatibilityDate: string; compatibilityFlags: string[] }> {
  const toml = await readFile(join(root, 'wrangler.toml'), 'utf8');
  const top = toml.split(/^\[/m)[0] ?? '';
  const string = (key: string) => new RegExp(`^${key}\\s*=\\s*["']([^"']+)["']`, 'm').exec(top)?.[1];
  const main = string('main');
  const compatibilityDate = string('compatibility_date');
  if (!main || !compatibilityDate) throw new Error('wrangler.toml: main or compatibility_date not found');
  const flags = /^compatibility_flags\s*=\s*\[([^\]]*)\]/m.exec(top)?.[1] ?? '';
  const compatibilityFlags = [...flags.matchAll(/["']([^"']+)["']/g)].map((m) => m[1] as string);
  return { main, compatibilityDate, compatibilityFlags };
}
