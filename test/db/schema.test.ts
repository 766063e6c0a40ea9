import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { openDatabase, type Database } from '../../server/api/db/database.js';
import { rowsOf } from '../../server/api/db/migrate.js';
import * as schema from '../../server/api/db/schema.js';

interface ColumnInfo {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: string;
}

let database: Database;
let columnsInDatabase: ColumnInfo[];

beforeAll(async () => {
  database = await openDatabase({ memory: true });
  const result = await database.db.execute(sql`
    SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`);
  columnsInDatabase = rowsOf<ColumnInfo>(result);
});
afterAll(async () => {
  await database?.close();
});

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => value instanceof PgTable);

it('declares a drizzle table for every table the migrations create', async () => {
  const result = await database.db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'schema_migrations'`,
  );
  const inDatabase = rowsOf<{ table_name: string }>(result)
    .map((row) => row.table_name)
    .sort();
  expect(tables.map((table) => getTableConfig(table).name).sort()).toEqual(inDatabase);
});

it.each(tables.map((table) => [getTableConfig(table).name, table] as const))(
  'drizzle table %s matches the migrated columns, types and nullability',
  (name, table) => {
    const inDatabase = new Map(
      columnsInDatabase.filter((row) => row.table_name === name).map((row) => [row.column_name, row]),
    );
    const { columns } = getTableConfig(table);
    expect(columns.map((column) => column.name).sort()).toEqual([...inDatabase.keys()].sort());
    for (const column of columns) {
      const actual = inDatabase.get(column.name)!;
      expect(`${column.name}: ${udtOf(column.getSQLType())}`).toBe(`${column.name}: ${actual.udt_name}`);
      expect(`${column.name} not null: ${column.notNull}`).toBe(
        `${column.name} not null: ${actual.is_nullable === 'NO'}`,
      );
    }
  },
);

/** drizzle's SQL type names as PostgreSQL's information_schema spells them. */
function udtOf(sqlType: string): string {
  const known: Record<string, string> = {
    serial: 'int4',
    integer: 'int4',
    bigint: 'int8',
    text: 'text',
    boolean: 'bool',
    uuid: 'uuid',
    jsonb: 'jsonb',
    date: 'date',
    'timestamp with time zone': 'timestamptz',
  };
  return known[sqlType] ?? sqlType;
}
