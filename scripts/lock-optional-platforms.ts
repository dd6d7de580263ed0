// Adds lock-file entries for platform packages this machine's registry mirror does not serve
// (Biome and workerd builds for macOS, Windows, musl). npm install leaves them out, and npm ci then
// refuses the lock file as out of sync. Run after changing dependencies: node scripts/lock-optional-platforms.ts

import { readFileSync, writeFileSync } from 'node:fs';

interface LockPackage {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
}

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8')) as { packages: Record<string, LockPackage> };
const packages = lock.packages;
const added: string[] = [];
for (const [where, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const parentDir = where.includes('node_modules/') ? where.slice(0, where.lastIndexOf('node_modules/')) : '';
    const candidates = [`${where}/node_modules/${name}`, `${parentDir}node_modules/${name}`, `node_modules/${name}`];
    if (candidates.some((c) => c in packages)) continue;
    const target = `${parentDir}node_modules/${name}`;
    packages[target] = { version, dev: meta.dev ?? true, optional: true };
    added.push(target);
  }
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `lock file: added ${added.length} optional platform entries` : 'lock file: nothing to add');
