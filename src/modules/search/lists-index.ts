/**
 * The lists index's documents (search_lists), built from the lists in SQL: a list is searchable
 * while it is public and holds at least one story. One statement serves one list (the event
 * handlers) and a batch (the backfill sweep), upserting the eligible and dropping the rest.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { DbTransaction } from '../../platform/mail/outbox.js';

type Conn = Db | DbTransaction;

/** A list others may find: public (visibility 0) with a story in it. Checked again on every search. */
export const SEARCHABLE_LIST = (c: string) => sql.raw(`(${c}.visibility = 0 and ${c}.items_count > 0)`);

const textArray = (ids: readonly string[]) => sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[]`;

/**
 * Upserts the documents of the searchable lists among `ids` (name A, description B) and
 * deletes those of the others; returns how many are indexed.
 */
async function syncLists(db: Conn, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const list = textArray(ids);
  const { rows } = await db.execute<{ indexed: number }>(sql`
    with up as (
      insert into search_lists as s (catalog_id, user_id, document, indexed_at)
      select c.id, c.user_id,
        setweight(to_tsvector('inkwell_search', c.name), 'A') || setweight(to_tsvector('inkwell_search', c.description), 'B'), now()
      from catalogs c where c.id = any(${list}) and ${SEARCHABLE_LIST('c')}
      on conflict (catalog_id) do update set user_id = excluded.user_id, document = excluded.document, indexed_at = now()
      returning catalog_id
    ),
    gone as (delete from search_lists where catalog_id = any(${list}) and catalog_id not in (select catalog_id from up))
    select count(*)::int as indexed from up`);
  return rows[0]?.indexed ?? 0;
}

/** A list changed (name, description, visibility, items) or was deleted: its document follows, or leaves the index. */
export async function reindexList(db: Conn, catalogId: string): Promise<void> {
  await syncLists(db, [catalogId]);
}

/** Searchable lists without a document (a site upgraded to list search, an event given up on). */
async function missingListIds(db: Db, limit: number): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select c.id from catalogs c where ${SEARCHABLE_LIST('c')}
      and not exists (select 1 from search_lists s where s.catalog_id = c.id)
    order by c.id limit ${limit}`);
  return rows.map((r) => r.id);
}

/** One batch of the backfill: up to `limit` searchable lists without a document; says how many were indexed. */
export async function backfillListsBatch(db: Db, limit: number): Promise<number> {
  return syncLists(db, await missingListIds(db, limit));
}
