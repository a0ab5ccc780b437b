import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { BadRequestError } from '../../platform/errors/index.js';

/**
 * Keyset cursors for lists ordered by a timestamp, newest first, with an id to break
 * ties: `{microseconds since the epoch}_{id}`. PostgreSQL keeps microseconds, so a cursor
 * in milliseconds would skip or repeat rows written in the same millisecond; this one
 * names the last row exactly and the next page starts strictly after it.
 */
export interface KeysetCursor {
  micros: string;
  id: string;
}

const CURSOR = /^(\d{1,19})_([0-9a-f]{12})$/;

export function parseKeysetCursor(to: string | null | undefined, what: string): KeysetCursor | null {
  if (to === null || to === undefined || to === '') return null;
  const m = CURSOR.exec(to);
  if (!m) throw new BadRequestError(`That page of ${what} does not exist (bad paging cursor).`);
  return { micros: m[1]!, id: m[2]! };
}

export const formatKeysetCursor = (micros: string | number | bigint, id: string): string => `${micros}_${id}`;

/** The column as whole microseconds since the epoch (exact: extract returns numeric). */
export const microsOf = (column: AnyPgColumn): SQL<string> => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** Rows strictly after the cursor in (column desc, id desc) order. */
export function afterCursor(column: AnyPgColumn, idColumn: AnyPgColumn, cursor: KeysetCursor): SQL {
  return sql`(${column}, ${idColumn}) < (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id})`;
}

/** Page size from paging options: the default when absent, held to 1..max. */
export const pageLimit = (paging: { limit?: number | null } | null | undefined, fallback: number, max: number): number => Math.max(1, Math.min(paging?.limit ?? fallback, max));
