// SQL output: literal escaping, statement limits and foreign-key order.

import { describe, expect, it } from 'vitest';
import { MAX_BYTES_PER_STATEMENT, MAX_ROWS_PER_STATEMENT, seedSql, sqlLiteral, toSqlStatements, utf8Length } from './sql.ts';
import { SEED_TABLE_ORDER } from './tables.ts';
import { catalog } from './test-support.ts';

describe('sqlLiteral', () => {
  it('writes NULL, numbers and quoted strings with doubled single quotes', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(42)).toBe('42');
    expect(sqlLiteral(4.5)).toBe('4.5');
    expect(sqlLiteral(-0.1276)).toBe('-0.1276');
    expect(sqlLiteral("Presqu'île")).toBe("'Presqu''île'");
    expect(sqlLiteral("''")).toBe("''''''");
  });

  it('refuses values SQL cannot hold', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral(Number.POSITIVE_INFINITY)).toThrow();
    expect(() => sqlLiteral('a\u0000b')).toThrow();
  });

  it('measures UTF-8 bytes', () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
  });
});

describe('toSqlStatements', () => {
  it('writes multi-row inserts of at most 200 rows', () => {
    const rows = Array.from({ length: 450 }, (_, i) => ({ id: `P${i}`, n: i }));
    const statements = toSqlStatements({ products: rows });
    expect(statements).toHaveLength(3);
    expect(statements[0]?.startsWith('INSERT INTO products (id, n) VALUES\n(')).toBe(true);
    expect(statements.map((s) => s.split('\n').length - 1)).toEqual([200, 200, 50]);
  });

  it('splits before a statement would exceed the byte limit', () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ id: i, text: 'é'.repeat(2000) }));
    const statements = toSqlStatements({ notes: rows });
    expect(statements.length).toBeGreaterThan(1);
    for (const s of statements) expect(utf8Length(s)).toBeLessThanOrEqual(MAX_BYTES_PER_STATEMENT);
  });

  it('orders tables for foreign keys whatever order the data lists them in', () => {
    const statements = toSqlStatements({ variants: [{ id: 'V' }], extra: [{ id: 1 }], sites: [{ id: 'US' }] });
    expect(statements.map((s) => s.split(' ')[2])).toEqual(['sites', 'variants', 'extra']);
  });

  it('rejects rows whose columns differ from the first row', () => {
    expect(() => toSqlStatements({ sites: [{ id: 'US' }, { code: 'CA' }] })).toThrow(/columns/);
  });
});

describe('seedSql', () => {
  const sql = seedSql(catalog);
  const statements = sql.trimEnd().replace(/;$/, '').split(';\n');

  it('splits cleanly on ";\\n" into INSERT statements within the D1 limits', () => {
    expect(statements).toEqual(toSqlStatements(catalog));
    for (const s of statements) {
      expect(s.startsWith('INSERT INTO ')).toBe(true);
      expect(utf8Length(s)).toBeLessThanOrEqual(MAX_BYTES_PER_STATEMENT);
      expect(s.split('\n').length - 1).toBeLessThanOrEqual(MAX_ROWS_PER_STATEMENT);
    }
  });

  it('inserts tables in SEED_TABLE_ORDER and stays under 8 MB', () => {
    const tables = [...new Set(statements.map((s) => s.split(' ')[2]))];
    expect(tables).toEqual([...SEED_TABLE_ORDER]);
    expect(utf8Length(sql)).toBeLessThan(8 * 1024 * 1024);
  });

  it('is the same text on every call', () => {
    expect(seedSql()).toBe(sql);
  });
});
