// Local set-up behind `npm start`: build, .dev.vars with fresh secrets, migrate and seed the local D1.
// Usage: node scripts/setup.ts [--reseed]

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SANDBOX_PORT, STORE_PORT } from './dev-ports.ts';
import { devVars } from './dev-vars.ts';
import { seedSql } from './seed/all.ts';
import { giftCardStatements } from './seed/gift-cards.ts';
import { bulkPutArgs, writeSeedPhotos } from './seed/media-bucket.ts';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const reseed = process.argv.includes('--reseed');

function run(command: string, args: string[], quiet = false): string {
  return execFileSync(command, args, { cwd: root, encoding: 'utf8', stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' }) ?? '';
}

function wrangler(args: string[], quiet = false): string {
  return run(join(root, 'node_modules/.bin/wrangler'), args, quiet);
}

/** Writes .dev.vars with fresh random secrets, or adds the ones a newer version needs to an existing file. */
async function writeDevVars(): Promise<void> {
  const path = join(root, '.dev.vars');
  const existing = existsSync(path) ? await readFile(path, 'utf8') : '';
  // Secrets for the local run only; deployed workers get theirs from `wrangler secret put`.
  const { text, added, prefixed } = devVars(existing, () => randomBytes(32).toString('base64url'), { store: STORE_PORT, sandbox: SANDBOX_PORT });
  if (text === existing) return;
  await writeFile(path, text, { mode: 0o600 });
  const named = added.filter((name) => name !== 'ENVIRONMENT' && name !== 'PAYMENTS_ORIGIN');
  if (named.length > 0) console.log(`setup: ${existing ? 'added' : 'wrote'} ${named.join(', ')} in .dev.vars`);
  if (prefixed.length > 0) console.log(`setup: gave ${prefixed.join(', ')} in .dev.vars the prefix its payments lane asks for`);
}

/** The seeded shoppers' photos, drawn here and put in the local MEDIA bucket in one call. */
async function seedMediaBucket(): Promise<void> {
  const { listFile, count } = await writeSeedPhotos(join(root, '.wrangler/seed/media'));
  wrangler(bulkPutArgs(listFile), true);
  console.log(`setup: local R2 seeded with ${count} shoppers' photos`);
}

function catalogIsSeeded(): boolean {
  try {
    // Every seeded part must be there: a database seeded before a later migration added tables gets reseeded.
    const out = wrangler(
      [
        'd1',
        'execute',
        'DB',
        '--local',
        '--json',
        '--command',
        "SELECT MIN((SELECT COUNT(*) FROM styles), (SELECT COUNT(*) FROM content_documents), (SELECT COUNT(*) FROM consumers), (SELECT COUNT(*) FROM promotions), (SELECT COUNT(*) FROM gift_cards), (SELECT COUNT(*) FROM social_media), (SELECT COUNT(*) FROM custom_styles), (SELECT COUNT(*) FROM content_documents WHERE kind = 'search'), (SELECT COUNT(*) FROM promotions WHERE campaign_id IS NOT NULL)) AS n",
      ],
      true,
    );
    const parsed = JSON.parse(out) as { results: { n: number }[] }[];
    return (parsed[0]?.results[0]?.n ?? 0) > 0;
  } catch {
    return false;
  }
}

run(process.execPath, [join(root, 'scripts/build.ts')]);
await writeDevVars();
wrangler(['d1', 'migrations', 'apply', 'DB', '--local'], true);
console.log('setup: local D1 migrated');
if (reseed || !catalogIsSeeded()) {
  const file = join(root, '.wrangler/seed/catalog.sql');
  await mkdir(dirname(file), { recursive: true });
  // The demo gift cards are hashed under this machine's GIFT_CARD_KEY, from .dev.vars.
  const key = /^GIFT_CARD_KEY=(.+)$/m.exec(await readFile(join(root, '.dev.vars'), 'utf8'))?.[1]?.trim() ?? '';
  const giftCards = await giftCardStatements(key);
  await writeFile(file, `${seedSql({ reset: true })}${giftCards.join(';\n')};\n`);
  wrangler(['d1', 'execute', 'DB', '--local', '--file', file], true);
  console.log('setup: local D1 seeded with the catalog');
  await seedMediaBucket();
} else {
  console.log('setup: local D1 already seeded (npm run seed reseeds it)');
}
