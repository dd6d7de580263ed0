// CLI: writes the whole seed (catalog and product sets) as an SQL file. Usage: node scripts/seed.ts <out.sql> [--reset]
// With GIFT_CARD_KEY in the environment (the deployed worker's secret), the demo gift cards come too.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildSeed, seedSql } from './seed/all.ts';
import { giftCardStatements } from './seed/gift-cards.ts';

const target = process.argv[2];
if (!target) {
  console.error('Usage: node scripts/seed.ts <out.sql> [--reset]');
  process.exit(1);
}

const started = performance.now();
const data = buildSeed();
const builtIn = performance.now() - started;
const giftCardKey = process.env.GIFT_CARD_KEY;
const giftCards = giftCardKey ? await giftCardStatements(giftCardKey) : [];
const sql = `${seedSql({ reset: process.argv.includes('--reset') })}${giftCards.map((statement) => `${statement};\n`).join('')}`;
const path = resolve(target);
mkdirSync(dirname(path), { recursive: true });
writeFileSync(path, sql);

const counts = Object.entries(data)
  .map(([table, rows]) => `${table} ${rows.length}`)
  .join(', ');
const megabytes = (Buffer.byteLength(sql) / 1024 / 1024).toFixed(1);
console.log(
  `seed: ${counts}, gift_cards ${giftCards.length}${giftCardKey ? '' : ' (no GIFT_CARD_KEY)'}; built in ${Math.round(builtIn)} ms, ${megabytes} MB -> ${path}`,
);
