/**
 * The collections index's documents (search_collections), built from the publications in SQL.
 * One statement serves one publication (the 'publication.changed' handler) and a batch (the
 * backfill sweep).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { DbTransaction } from '../../platform/mail/outbox.js';

type Conn = Db | DbTransaction;

const textArray = (ids: readonly string[]) => sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[]`;

/** Both spellings of a text at one weight: as written (every word) and stemmed. */
const both = (text: string, weight: 'A' | 'B' | 'C') =>
  sql.raw(`(setweight(to_tsvector('inkwell_names', ${text}), '${weight}') || setweight(to_tsvector('inkwell_search', ${text}), '${weight}'))`);

/** Upserts the documents of the publications among `ids`; says how many. */
async function syncCollections(db: Conn, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.execute(sql`
    insert into search_collections (collection_id, name_key, document, indexed_at)
    select c.id, lower(unaccent(c.name)),
      ${both("c.name || ' ' || replace(c.slug, '-', ' ')", 'A')} || ${both("array_to_string(c.tags, ' ')", 'B')} || ${both('c.description', 'C')}, now()
    from publications c where c.id = any(${textArray(ids)})
    on conflict (collection_id) do update set name_key = excluded.name_key, document = excluded.document, indexed_at = now()`);
  return result.rowCount ?? 0;
}

/** A publication changed (created, renamed, described, tagged, a new slug): its document follows. */
export async function reindexCollection(db: Conn, publicationId: string): Promise<void> {
  await syncCollections(db, [publicationId]);
}

/** One batch of the backfill: up to `limit` publications without a document; says how many were indexed. */
export async function backfillCollectionsBatch(db: Db, limit: number): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select c.id from publications c where not exists (select 1 from search_collections s where s.collection_id = c.id) order by c.id limit ${limit}`);
  return syncCollections(
    db,
    rows.map((r) => r.id),
  );
}
