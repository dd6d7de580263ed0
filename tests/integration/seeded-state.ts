// The seeded state every integration file starts from, migrated and seeded once per vitest worker and put
// back for each later file. The first file of a worker wipes every binding, migrates and seeds D1 (4.5 MB
// of SQL) and keeps a copy of each table beside it: the template. Every later file empties the Durable
// Objects, KV, R2 and the payments sandbox's ledger, and puts back in D1 only the rows the files before
// it changed, found by comparing each table with its copy inside D1. Reseeding took about a second per
// file; comparing every table takes about a tenth of that. Triggers noting which tables were written would
// spare comparing the others, but local D1 counts a trigger's rows in a statement's meta.changes, which the
// app reads (a vote counts when its insert changed one row): they changed what votes and reports answered.
// The tests must see the schema the app runs on, so every table is compared.

import { reset } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { report } from './held-logs.ts';

/** Names the template's own tables start with; nothing else in the schema does. */
const COPY = '_seed_';
const SCHEMA = `${COPY}schema`;
const SEQUENCES = `${COPY}sequences`;

/**
 * A table and its copy, quoted; its columns but the rowid, quoted and joined; and the tables its triggers
 * write (inventory's keep products' sizes in stock), which putting its rows back writes too.
 */
type Table = { name: string; copy: string; columns: string; writes: string[] };
/** The template's tables, known to the isolate that built it (the files of a worker share one). */
const state = globalThis as { seededTables?: Table[]; counters?: typeof env.COUNTERS; pagePurge?: typeof env.PAGE_PURGE; generation?: number };

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** The schema as tests may change it: tables, indexes, triggers and views, but not SQLite's or D1's own. */
const SCHEMA_ROWS = `SELECT type, name, sql FROM sqlite_master
  WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE '${COPY.replaceAll('_', '\\_')}%' ESCAPE '\\'`;

async function rows<T>(sql: string): Promise<T[]> {
  return (await env.DB.prepare(sql).all<T>()).results;
}

async function migrateAndSeed(): Promise<void> {
  await reset();
  const migrations = env.TEST_MIGRATIONS;
  // Every migration in one batch and the seed in a few large ones: a batch is a round trip to D1's object,
  // and one per migration cost more than the statements in it.
  await env.DB.batch([
    ...migrations.flatMap((migration) => migration.queries.map((sql) => env.DB.prepare(sql))),
    // The table wrangler keeps of applied migrations, as a deployed database has it.
    env.DB.prepare(
      'CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)',
    ),
    ...migrations.map((migration) => env.DB.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(migration.name)),
  ]);
  const BATCH = 150;
  for (let i = 0; i < env.TEST_SEED.length; i += BATCH) {
    await env.DB.batch(env.TEST_SEED.slice(i, i + BATCH).map((sql) => env.DB.prepare(sql)));
  }
}

/**
 * Copies every table with its rowids (as `_r`), the schema and the AUTOINCREMENT counters. The full-text
 * index is copied through its virtual table; its shadow tables follow it.
 */
async function makeTemplate(): Promise<void> {
  const all = await rows<{ name: string; sql: string }>(`SELECT name, sql FROM (${SCHEMA_ROWS}) WHERE type = 'table'`);
  const virtual = all.filter((table) => /^CREATE VIRTUAL/i.test(table.sql)).map((table) => table.name);
  const names = all.map((table) => table.name).filter((name) => !virtual.some((v) => name.startsWith(`${v}_`)));
  const columns = await env.DB.batch<{ name: string }>(names.map((name) => env.DB.prepare('SELECT name FROM pragma_table_info(?1)').bind(name)));
  const triggers = await rows<{ tbl_name: string; sql: string }>("SELECT tbl_name, sql FROM sqlite_master WHERE type = 'trigger'");
  const written = (name: string) =>
    triggers
      .filter((trigger) => trigger.tbl_name === name)
      .flatMap((trigger) => [...trigger.sql.matchAll(/\b(?:UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s+"?(\w+)/gi)].map((match) => quoted(match[1] ?? '')));
  const tables = names.map((name, i) => ({
    name: quoted(name),
    copy: quoted(COPY + name),
    columns: (columns[i]?.results ?? []).map((column) => quoted(column.name)).join(', '),
    writes: written(name),
  }));
  await env.DB.batch([
    env.DB.prepare(`CREATE TABLE ${SCHEMA} AS ${SCHEMA_ROWS}`),
    env.DB.prepare(`CREATE TABLE ${SEQUENCES} AS SELECT name, seq FROM sqlite_sequence`),
    ...tables.map((table) => env.DB.prepare(`CREATE TABLE ${table.copy} AS SELECT rowid AS _r, ${table.columns} FROM ${table.name}`)),
    // Read-only: code that walks the whole schema (the personal data deletion does) must leave them alone.
    ...tables.flatMap((table) =>
      ['INSERT', 'UPDATE', 'DELETE'].map((event) =>
        env.DB.prepare(
          `CREATE TRIGGER ${quoted(`${COPY}${event.toLowerCase()}_${table.copy.slice(1, -1)}`)} BEFORE ${event} ON ${table.copy}
           BEGIN SELECT RAISE(ABORT, 'a copy of the seed is read-only'); END`,
        ),
      ),
    ),
  ]);
  state.seededTables = tables;
}

/**
 * Counters objects are named by what tests reuse (an email, an address), so a lockout would carry over to
 * the next file; the page cache's purge queue is one object whose minute of purges would too. Emptying each
 * took longer with every file (an emptied object stays listed), so each file names them afresh instead: the
 * namespaces every test and request sees prefix names with the file's generation. A basket's Cart object is
 * named by a random id no later file can name, and is left.
 */
function freshNamedObjects(): void {
  state.counters ??= env.COUNTERS;
  state.pagePurge ??= env.PAGE_PURGE;
  state.generation = (state.generation ?? 0) + 1;
  env.COUNTERS = renamed(state.counters, state.generation);
  env.PAGE_PURGE = renamed(state.pagePurge, state.generation);
}

function renamed<T>(typed: T, generation: number): T {
  const namespace = typed as unknown as DurableObjectNamespace;
  const idFromName = (name: string) => namespace.idFromName(`${generation}/${name}`);
  // A proxy rather than an object of its own: the test helpers (runInDurableObject) recognise a namespace
  // by its class.
  const proxy = new Proxy(namespace, {
    get(target, key) {
      if (key === 'idFromName') return idFromName;
      if (key === 'getByName') return (name: string, options?: DurableObjectNamespaceGetDurableObjectOptions) => target.get(idFromName(name), options);
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' && key !== 'constructor' ? value.bind(target) : value;
    },
  });
  return proxy as unknown as T;
}

/** Lists from the start until nothing is left: what a page lists is deleted before the next is read. */
async function emptyKv(namespace: KVNamespace): Promise<void> {
  for (let keys = (await namespace.list()).keys; keys.length > 0; keys = (await namespace.list()).keys) {
    await Promise.all(keys.map((key) => namespace.delete(key.name)));
  }
}

async function emptyBucket(bucket: R2Bucket): Promise<void> {
  for (let objects = (await bucket.list()).objects; objects.length > 0; objects = (await bucket.list()).objects) {
    await bucket.delete(objects.map((object) => object.key));
  }
}

/**
 * Drops what the files before added to the schema (the hostile-input walk's triggers and table). Answers
 * false when something of the template's schema is gone or changed: only a fresh seed puts that back.
 */
async function schemaRestored(): Promise<boolean> {
  const [added, lost] = await env.DB.batch<{ type: string; name: string }>([
    env.DB.prepare(`SELECT type, name FROM (${SCHEMA_ROWS}) EXCEPT SELECT type, name FROM ${SCHEMA}`),
    env.DB.prepare(
      `SELECT type, name FROM ${SCHEMA} EXCEPT SELECT type, name FROM (SELECT type, name, sql FROM (${SCHEMA_ROWS}) INTERSECT SELECT * FROM ${SCHEMA})`,
    ),
  ]);
  if (lost?.results.length) return false;
  // Triggers first: a table's go with it, and dropping one twice fails.
  const drops = (added?.results ?? []).sort((a, b) => Number(b.type === 'trigger') - Number(a.type === 'trigger'));
  if (drops.length > 0) await env.DB.batch(drops.map((object) => env.DB.prepare(`DROP ${object.type.toUpperCase()} IF EXISTS ${quoted(object.name)}`)));
  return true;
}

/** Rows of the table that its copy lacks or has otherwise, with their rowids as `_r`. */
const changedRows = (table: Table) => `SELECT rowid AS _r, ${table.columns} FROM ${table.name} EXCEPT SELECT * FROM ${table.copy}`;

/**
 * Puts back the rows of every table that differs from its copy: rows the copy lacks are deleted, rows it
 * has otherwise are updated in place (a delete would cascade), missing rows are inserted with their
 * rowids. Foreign keys are checked at the end of the batch, once both sides are back. Putting rows back
 * fires the schema's own triggers (inventory keeps products' sizes in stock), so it compares those tables
 * again until nothing differs.
 */
async function restoreTables(tables: Table[]): Promise<void> {
  let suspects = tables;
  for (let round = 1; ; round++) {
    const compared = await env.DB.batch<{ differs: number }>(
      suspects.map((table) =>
        env.DB.prepare(
          `SELECT EXISTS (${changedRows(table)}) OR EXISTS (SELECT * FROM ${table.copy} EXCEPT SELECT rowid, ${table.columns} FROM ${table.name}) AS differs`,
        ),
      ),
    );
    const differing = suspects.filter((_table, i) => compared[i]?.results[0]?.differs === 1);
    if (differing.length === 0) return;
    if (round > 5) throw new Error(`Tables still differ from the seed after putting them back: ${differing.map((t) => t.name)}`);
    await env.DB.batch([
      env.DB.prepare('PRAGMA defer_foreign_keys = ON'),
      ...differing.map((table) =>
        env.DB.prepare(`DELETE FROM ${table.name} WHERE rowid IN (SELECT _r FROM (${changedRows(table)})) AND rowid NOT IN (SELECT _r FROM ${table.copy})`),
      ),
      ...differing.map((table) =>
        env.DB.prepare(
          `UPDATE ${table.name} SET (${table.columns}) = (SELECT ${table.columns} FROM ${table.copy} s WHERE s._r = ${table.name}.rowid)
           WHERE rowid IN (SELECT _r FROM (${changedRows(table)}))`,
        ),
      ),
      ...differing.map((table) =>
        env.DB.prepare(`INSERT INTO ${table.name} (rowid, ${table.columns}) SELECT * FROM ${table.copy} WHERE _r NOT IN (SELECT rowid FROM ${table.name})`),
      ),
    ]);
    // A delete's cascades reach only rows the seed lacks or rows that differ themselves; triggers reach further.
    const reached = new Set(differing.flatMap((table) => [table.name, ...table.writes]));
    suspects = tables.filter((table) => reached.has(table.name));
  }
}

/** AUTOINCREMENT counters as seeded, so the ids the next file makes are the ones a fresh seed makes. */
async function restoreSequences(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare(`DELETE FROM sqlite_sequence WHERE name NOT IN (SELECT name FROM ${SEQUENCES})`),
    env.DB.prepare(`UPDATE sqlite_sequence SET seq = (SELECT seq FROM ${SEQUENCES} s WHERE s.name = sqlite_sequence.name)`),
  ]);
}

/** The seeded state, from the template when this isolate has one and its schema is intact. */
export async function seededState(): Promise<void> {
  freshNamedObjects();
  const tables = state.seededTables;
  if (tables) {
    await (env.PAYMENTS as unknown as { deleteTestData(): Promise<void> }).deleteTestData();
    await Promise.all([emptyKv(env.CONTENT), emptyBucket(env.MEDIA)]);
    try {
      if (await schemaRestored()) {
        await restoreTables(tables);
        await restoreSequences();
        return;
      }
    } catch (error) {
      // A guard of the schema's own (a paid session keeps its order) can refuse a row put back in place.
      report(`setup: the seeded state could not be put back (${error}); seeding again`);
    }
  }
  state.seededTables = undefined;
  await migrateAndSeed();
  await makeTemplate();
}
