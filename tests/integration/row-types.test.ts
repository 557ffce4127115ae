import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DRIVER_KINDS, type TestDatabase } from '../support/databases.ts';
import { type ColumnReadType, readRowTypes } from '../support/row-types.ts';

/**
 * src/server/db/types.ts narrows the generated row types (JSON shapes, CHECK unions) by hand; the
 * migrations are the schema of record. These tests compare the two on a freshly migrated
 * database, so a narrowed column that no longer matches its column's nullability or kind fails
 * here (generated-row-types.test.ts keeps the generated file itself current).
 */

/** Tables the app never queries through Kysely, so types.ts need not list them. */
const UNTYPED_TABLES = new Set([
  // Written and read by src/server/db/migrate.ts with raw SQL before any typed query runs.
  'schema_migrations',
]);

/** The JavaScript kind both drivers return for a Postgres type (see the notes atop types.ts). */
const KIND_OF: Record<string, string | null> = {
  text: 'string',
  'character varying': 'string',
  character: 'string',
  uuid: 'string',
  citext: 'string',
  inet: 'string',
  numeric: 'string',
  'USER-DEFINED': 'string',
  smallint: 'number',
  integer: 'number',
  // Read as a number by both drivers, refused when beyond 2^53 (src/server/db/int8.ts).
  bigint: 'number',
  real: 'number',
  'double precision': 'number',
  boolean: 'boolean',
  'timestamp with time zone': 'Date',
  'timestamp without time zone': 'Date',
  date: 'Date',
  ARRAY: 'object',
  // Bytes: a Buffer from postgres.js, a Uint8Array (Buffer's parent) from PGlite; code reads them as Uint8Array.
  bytea: 'object',
  // Parsed JSON: any shape types.ts gives it.
  jsonb: null,
  json: null,
};

interface SchemaColumn {
  table: string;
  column: string;
  nullable: boolean;
  dataType: string;
}

describe.each(DRIVER_KINDS)('row types in src/server/db/types.ts against the migrations on %s', (kind) => {
  let database: TestDatabase;
  let schema: SchemaColumn[];
  let types: Map<string, Map<string, ColumnReadType>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: string; data_type: string }>`
      select c.table_name, c.column_name, c.is_nullable, c.data_type
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`.execute(database.db);
    schema = rows
      .filter((r) => !UNTYPED_TABLES.has(r.table_name))
      .map((r) => ({
        table: r.table_name,
        column: r.column_name,
        nullable: r.is_nullable === 'YES',
        dataType: r.data_type,
      }));
    types = readRowTypes();
  }, 120_000);
  afterAll(() => database?.dispose());

  it('list every table of the schema, and no table the schema lacks', () => {
    const tables = [...new Set(schema.map((c) => c.table))].sort();
    expect(tables.length).toBeGreaterThanOrEqual(20);
    expect([...types.keys()].sort(), 'tables in types.ts (Database) vs the migrated schema').toEqual(tables);
  });

  it('list every column of each table, and no column the table lacks', () => {
    const missing = schema.filter((c) => !types.get(c.table)?.has(c.column)).map((c) => `${c.table}.${c.column}`);
    const extra = [...types].flatMap(([table, columns]) =>
      [...columns.keys()]
        .filter((column) => !schema.some((c) => c.table === table && c.column === column))
        .map((column) => `${table}.${column}`),
    );
    expect({ missing, extra }, 'columns missing from types.ts / in types.ts but not in the schema').toEqual({
      missing: [],
      extra: [],
    });
  });

  it('read null exactly where a column is nullable', () => {
    const disagree = schema
      .filter((c) => {
        const read = types.get(c.table)?.get(c.column);
        return read && read.nullable !== c.nullable;
      })
      .map((c) => `${c.table}.${c.column} is ${c.nullable ? 'nullable' : 'not null'} in the schema`);
    // Joined, so the failure prints every name in full.
    expect(disagree.join('\n'), 'columns whose `| null` in types.ts disagrees with the schema').toBe('');
  });

  it('read the JavaScript kind the drivers return for each column type', () => {
    const unknown = schema.filter((c) => !(c.dataType in KIND_OF)).map((c) => `${c.table}.${c.column}: ${c.dataType}`);
    expect(unknown.join('\n'), 'column types this test has no driver mapping for (add them to KIND_OF)').toBe('');
    const disagree = schema.flatMap((c) => {
      const expected = KIND_OF[c.dataType];
      const read = types.get(c.table)?.get(c.column);
      if (!expected || !read || (read.kinds.length === 1 && read.kinds[0] === expected)) return [];
      return [`${c.table}.${c.column} (${c.dataType}) reads as ${read.kinds.join(' | ')}, drivers give ${expected}`];
    });
    expect(disagree.join('\n'), 'columns whose type in types.ts disagrees with what the drivers return').toBe('');
  });
});
