// CLI: writes the whole seed (catalog and product sets) as an SQL file. Usage: node scripts/seed.ts <out.sql> [--reset]

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildSeed, seedSql } from './seed/all.ts';

const target = process.argv[2];
if (!target) {
  console.error('Usage: node scripts/seed.ts <out.sql> [--reset]');
  process.exit(1);
}

const started = performance.now();
const data = buildSeed();
const builtIn = performance.now() - started;
const sql = seedSql({ reset: process.argv.includes('--reset') });
const path = resolve(target);
mkdirSync(dirname(path), { recursive: true });
writeFileSync(path, sql);

const counts = Object.entries(data)
  .map(([table, rows]) => `${table} ${rows.length}`)
  .join(', ');
const megabytes = (Buffer.byteLength(sql) / 1024 / 1024).toFixed(1);
console.log(`seed: ${counts}; built in ${Math.round(builtIn)} ms, ${megabytes} MB -> ${path}`);
