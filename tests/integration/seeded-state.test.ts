// The state every integration file starts from is the seeded one, however the file before it left D1, the
// counters, KV, R2 and the processor's ledger: a test that passes only after another file (or fails only
// after one) would otherwise go unseen until the order of files changes.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { request } from './helpers.ts';
import { seededState } from './seeded-state.ts';

/**
 * Every row of every table D1 holds, in rowid order, with the schema; but the seed's copies and the search
 * index's own storage (its rows are read through the index).
 */
async function everything(): Promise<string> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_seed\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'product\\_search\\_%' ESCAPE '\\' ORDER BY name",
  ).all<{ name: string }>();
  const rows = await env.DB.batch(tables.results.map(({ name }) => env.DB.prepare(`SELECT rowid, * FROM "${name}" ORDER BY rowid`)));
  const schema = await env.DB.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE '\\_seed\\_%' ESCAPE '\\' ORDER BY name").all();
  return JSON.stringify([schema.results, tables.results.map(({ name }, i) => [name, rows[i]?.results])]);
}

const counter = (subject: string) => env.COUNTERS.get(env.COUNTERS.idFromName(subject));

describe('the seeded state each file starts from', () => {
  it('comes back after rows are changed, added and deleted, with triggers, a table and counters added', async () => {
    const seeded = await everything();
    const variant = await env.DB.prepare('SELECT i.variant_id AS id FROM inventory i WHERE i.quantity > 0 LIMIT 1').first<{ id: string }>();
    await env.DB.batch([
      // Selling out a size: inventory's trigger rewrites the product's sizes in stock.
      env.DB.prepare('UPDATE inventory SET quantity = 0 WHERE variant_id = ?1').bind(variant?.id),
      env.DB.prepare("UPDATE products SET sizes_in_stock = sizes_in_stock || ',X' WHERE rowid = 1"),
      env.DB.prepare('DELETE FROM reviews WHERE rowid IN (SELECT rowid FROM reviews LIMIT 3)'),
      env.DB.prepare("UPDATE consumers SET first_name = 'Changed' WHERE rowid = (SELECT min(rowid) FROM consumers)"),
      env.DB.prepare("INSERT INTO search_terms (lang, term, searches, last_searched_at) VALUES ('en', 'zz-new-term', 1, '2026-11-27')"),
      env.DB.prepare('CREATE TABLE left_behind (x INTEGER)'),
      env.DB.prepare('CREATE TRIGGER left_behind_trigger AFTER INSERT ON stores BEGIN SELECT 1; END'),
    ]);
    await env.CONTENT.put('left-behind', 'x');
    await env.MEDIA.put('left-behind.txt', 'x');
    await counter('signin:left@behind.test').increment(60);
    // What a request changes, whatever it is.
    expect((await request('/')).status).toBeLessThan(500);
    expect(await everything()).not.toBe(seeded);

    await seededState();

    expect(await everything()).toBe(seeded);
    expect((await env.CONTENT.list()).keys).toEqual([]);
    expect((await env.MEDIA.list()).objects).toEqual([]);
    expect((await counter('signin:left@behind.test').peek()).count).toBe(0);
  });
});
