// The migrations as one SQL script, with the bookkeeping `wrangler d1 migrations apply` keeps, for a
// throwaway local database: the end-to-end server runs it with the seed in a single `wrangler d1
// execute`, where applying 39 migrations one wrangler run at a time took half a minute.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sqlLiteral } from './sql.ts';

export function migrationsSql(dir: string): string {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const bookkeeping = [
    'CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL);',
    ...files.map((name) => `INSERT INTO d1_migrations (name) VALUES (${sqlLiteral(name)});`),
  ];
  return `${files.map((name) => readFileSync(join(dir, name), 'utf8').trimEnd()).join('\n\n')}\n\n${bookkeeping.join('\n')}\n`;
}
