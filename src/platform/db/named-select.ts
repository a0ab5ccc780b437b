import { getTableName } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * A named statement that reads rows the way the query builder's select of `columns`
 * would return them, without the builder on the way: each column is aliased to its field
 * name, so node-postgres's own row objects are the result. The values are the same: the
 * builder only turns timestamp strings into Dates and real strings into numbers, which
 * node-postgres's parsers already do (and bigint is parsed to a number in client.ts). On
 * the few lookups every page makes (stories and users by id), the builder's per-query
 * and per-row work was a tenth of the server's time. Columns are qualified by their
 * table's name, so `rest` may join tables (by their names, without aliases).
 */
export function namedSelect<Row, Params extends unknown[]>(name: string, columns: Record<string, PgColumn>, rest: string): (db: Db, ...values: Params) => Promise<Row[]> {
  const list = Object.entries(columns)
    .map(([field, column]) => `"${getTableName(column.table)}"."${column.name}"${field === column.name ? '' : ` as "${field}"`}`)
    .join(', ');
  const text = `select ${list} ${rest}`;
  return async (db, ...values) => (await db.$client.query<Row & Record<string, unknown>>({ name, text, values })).rows;
}

/** A hand-written statement sent by name, so each connection plans it once (a few run on every page). */
export function namedStatement<Row, Params extends unknown[]>(name: string, text: string): (db: Db, ...values: Params) => Promise<Row[]> {
  return async (db, ...values) => (await db.$client.query<Row & Record<string, unknown>>({ name, text, values })).rows;
}
