/**
 * Clicks on search results (insights clickedObjectIDsAfterSearch; spec §7 SearchClickEvent):
 * checked as insights.yml says (event name ASCII ≤ 64, a 32-hex queryID, 1-20 objectIDs with
 * one 1-based position each) and stored for ranking and stats.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { isIndexName } from './engine.js';
import { SearchRequestError } from './errors.js';

export interface ClickEvent {
  eventName: string;
  indexName: string;
  queryId: string;
  objectIds: string[];
  positions: number[];
  userToken: string | null;
}

const QUERY_ID = /^[0-9a-f]{32}$/;
const EVENT_NAME = /^[\x20-\x7E]{1,64}$/;

/** Throws a SearchRequestError naming the first thing wrong. */
export function checkClick(e: ClickEvent): ClickEvent {
  if (!EVENT_NAME.test(e.eventName)) throw new SearchRequestError('eventName must be 1 to 64 printable ASCII characters.', 422);
  if (!isIndexName(e.indexName)) throw new SearchRequestError(`Index ${e.indexName} does not exist.`, 422);
  if (!QUERY_ID.test(e.queryId)) throw new SearchRequestError('queryID must be 32 hexadecimal characters.', 422);
  if (!Array.isArray(e.objectIds) || e.objectIds.length < 1 || e.objectIds.length > 20 || !e.objectIds.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 64))
    throw new SearchRequestError('objectIDs must hold 1 to 20 ids.', 422);
  if (!Array.isArray(e.positions) || e.positions.length !== e.objectIds.length || !e.positions.every((p) => Number.isInteger(p) && p >= 1 && p <= 1000))
    throw new SearchRequestError('positions must hold one position (1-based) per objectID.', 422);
  if (e.userToken !== null && (typeof e.userToken !== 'string' || !/^[a-zA-Z0-9_=/+:-]{1,129}$/.test(e.userToken))) throw new SearchRequestError('userToken must be 1 to 129 characters of letters, digits, _ = / + : -.', 422);
  return e;
}

export async function recordClicks(db: Db, events: ClickEvent[], userId: string | null): Promise<void> {
  if (events.length === 0) return;
  await db.execute(sql`insert into search_clicks (id, query_id, index_name, event_name, object_ids, positions, user_id, user_token) values ${sql.join(
    events.map(
      (e) =>
        sql`(${newId()}, ${e.queryId}, ${e.indexName}, ${e.eventName}, ${sql`array[${sql.join(e.objectIds.map((id) => sql`${id}`), sql`, `)}]::text[]`}, ${sql`array[${sql.join(e.positions.map((p) => sql`${p}`), sql`, `)}]::int[]`}, ${userId}, ${e.userToken})`,
    ),
    sql`, `,
  )}`);
}
