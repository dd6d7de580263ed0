// Before each test file: migrate the test D1 and seed the deterministic catalog once.

import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { seedStatements } from '../../scripts/seed/all.ts';
import { giftCardStatements } from '../../scripts/seed/gift-cards.ts';

const seeded = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'styles'").first();
const hasRows = seeded ? await env.DB.prepare('SELECT COUNT(*) AS n FROM styles').first<{ n: number }>() : null;
if (!hasRows?.n) {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  const statements = [...seedStatements(), ...(await giftCardStatements(env.GIFT_CARD_KEY as string))];
  const BATCH = 50;
  for (let i = 0; i < statements.length; i += BATCH) {
    await env.DB.batch(statements.slice(i, i + BATCH).map((sql) => env.DB.prepare(sql)));
  }
}
