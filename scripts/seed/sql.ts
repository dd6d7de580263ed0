// Seed data as SQL: multi-row INSERT statements kept well inside D1's 100 KB statement limit.

import { buildCatalog } from './catalog.ts';
import { SEED_TABLE_ORDER, type SeedData, type SeedValue } from './tables.ts';

export const MAX_ROWS_PER_STATEMENT = 200;
// 90 KB read as 90,000 bytes: below D1's 100 KB limit whichever way a kilobyte is counted.
export const MAX_BYTES_PER_STATEMENT = 90_000;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function sqlLiteral(value: SeedValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Cannot write ${value} as SQL`);
    return String(value);
  }
  // SQLite ends a string at NUL in several APIs, so refuse it rather than truncate silently.
  if (value.includes('\u0000')) throw new Error('NUL character in a seed string');
  return `'${value.replaceAll("'", "''")}'`;
}

/** UTF-8 size without TextEncoder allocations: the limit D1 enforces is in bytes, not characters. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function tableStatements(table: string, rows: readonly Record<string, SeedValue>[]): string[] {
  const first = rows[0];
  if (!first) return [];
  const columns = Object.keys(first);
  for (const name of [table, ...columns]) if (!IDENTIFIER.test(name)) throw new Error(`Unsafe SQL identifier "${name}"`);
  const prefix = `INSERT INTO ${table} (${columns.join(', ')}) VALUES\n`;
  const prefixBytes = utf8Length(prefix);

  const statements: string[] = [];
  let tuples: string[] = [];
  let bytes = prefixBytes;
  const flush = () => {
    if (tuples.length > 0) statements.push(prefix + tuples.join(',\n'));
    tuples = [];
    bytes = prefixBytes;
  };
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== columns.length || keys.some((key, i) => key !== columns[i])) {
      throw new Error(`Row of ${table} has columns ${keys.join(', ')}, expected ${columns.join(', ')}`);
    }
    const tuple = `(${columns.map((column) => sqlLiteral(row[column] ?? null)).join(', ')})`;
    const tupleBytes = utf8Length(tuple) + 2;
    if (prefixBytes + tupleBytes > MAX_BYTES_PER_STATEMENT) throw new Error(`A single ${table} row exceeds ${MAX_BYTES_PER_STATEMENT} bytes`);
    if (tuples.length >= MAX_ROWS_PER_STATEMENT || bytes + tupleBytes > MAX_BYTES_PER_STATEMENT) flush();
    tuples.push(tuple);
    bytes += tupleBytes;
  }
  flush();
  return statements;
}

/** INSERT statements in foreign-key order; tables missing from SEED_TABLE_ORDER follow it. */
export function toSqlStatements(data: SeedData): string[] {
  const known: readonly string[] = SEED_TABLE_ORDER;
  const tables = [...known.filter((t) => t in data), ...Object.keys(data).filter((t) => !known.includes(t))];
  return tables.flatMap((table) => tableStatements(table, data[table] ?? []));
}

/** The whole seed as one SQL script, statements separated by ";\n". */
export function seedSql(data: SeedData = buildCatalog()): string {
  const statements = toSqlStatements(data);
  return statements.length > 0 ? `${statements.join(';\n')};\n` : '';
}
