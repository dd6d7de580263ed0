// CLI: writes the seed catalog as an SQL file. Usage: node scripts/seed.ts <out.sql>

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildCatalog } from './seed/catalog.ts';
import { seedSql } from './seed/sql.ts';

const target = process.argv[2];
if (!target) {
  console.error('Usage: node scripts/seed.ts <out.sql>');
  process.exit(1);
}

const started = performance.now();
const data = buildCatalog();
const builtIn = performance.now() - started;
const sql = seedSql(data);
const path = resolve(target);
mkdirSync(dirname(path), { recursive: true });
writeFileSync(path, sql);

const counts = Object.entries(data)
  .map(([table, rows]) => `${table} ${rows.length}`)
  .join(', ');
const megabytes = (Buffer.byteLength(sql) / 1024 / 1024).toFixed(1);
console.log(`seed: ${counts}; built in ${Math.round(builtIn)} ms, ${megabytes} MB -> ${path}`);
