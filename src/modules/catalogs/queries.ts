import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { BadRequestError } from '../../platform/errors/index.js';
import { slugify } from '../../shared/slug.js';
import {
  CATALOG_COLUMNS,
  type CatalogItemRow,
  type CatalogRow,
  canSeeCatalog,
  ITEM_COLUMNS,
  LIMITS,
  PREDEFINED_KINDS,
  type PredefinedKind,
  parsePredefinedId,
  predefinedCatalogId,
  unusedPredefined,
} from './model.js';

const cols = sql.raw(CATALOG_COLUMNS);
const itemCols = sql.raw(ITEM_COLUMNS);

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** Spec §3: a slug from the name plus the id; a predefined list's slug is its kind. */
export function catalogSlugId(c: Pick<CatalogRow, 'id' | 'name' | 'predefined'>): string {
  if (c.predefined) return c.predefined;
  const slug = slugify(c.name);
  return slug ? `${slug}-${c.id}` : c.id;
}

export function pageLimit(limit: number | null | undefined): number {
  if (limit == null) return LIMITS.page;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIMITS.maxPage) throw new BadRequestError(`limit must be from 1 to ${LIMITS.maxPage}.`);
  return limit;
}

function offsetOf(next: string | null | undefined): number {
  if (!next) return 0;
  if (!/^\d{1,6}$/.test(next)) throw new BadRequestError('That page does not exist (bad paging cursor).');
  return Number(next);
}

/**
 * A list by id or slugId, if the viewer may see it (private lists: their owner only). The
 * owner's predefined list is there before its first use. A predefined list's slugId is its
 * kind ('reading-list'), which names the viewer's own (/me/list/reading-list).
 */
export async function catalogForViewer(db: Db, idOrSlug: string, viewerId: string | null): Promise<CatalogRow | null> {
  const ownKind = (PREDEFINED_KINDS as readonly string[]).includes(idOrSlug) ? (idOrSlug as PredefinedKind) : null;
  if (ownKind) return viewerId ? catalogForViewer(db, predefinedCatalogId(viewerId, ownKind), viewerId) : null;
  const predefined = parsePredefinedId(idOrSlug);
  const id = predefined ? idOrSlug : (/(?:^|-)([0-9a-f]{12})$/.exec(idOrSlug)?.[1] ?? idOrSlug);
  const [row] = await rows<CatalogRow>(db, sql`select ${cols} from catalogs where id = ${id}`);
  if (!row) return predefined && predefined.userId === viewerId ? unusedPredefined(viewerId, predefined.kind) : null;
  return canSeeCatalog(row, viewerId) ? row : null;
}

/** The viewer's lists: the predefined ones first (made or not), then their own, newest first. */
export async function viewerCatalogs(db: Db, viewerId: string, limit: number, next: string | null | undefined): Promise<CatalogRow[]> {
  const offset = offsetOf(next);
  const own = await rows<CatalogRow>(
    db,
    sql`select ${cols} from catalogs where user_id = ${viewerId}
      order by predefined is null, array_position(array['reading-list','currently-reading','purchased'], predefined), created_at desc, id
      limit ${limit + PREDEFINED_KINDS.length} offset ${Math.max(0, offset - PREDEFINED_KINDS.length)}`,
  );
  if (offset > 0) return own.slice(0, limit);
  const made = new Set(own.filter((c) => c.predefined).map((c) => c.predefined));
  const predefined = PREDEFINED_KINDS.filter((k) => k !== 'purchased' || made.has(k)).map((k) => own.find((c) => c.predefined === k) ?? unusedPredefined(viewerId, k));
  return [...predefined, ...own.filter((c) => !c.predefined)].slice(0, limit);
}

/** A user's lists as the viewer sees them: all of their own, the public ones of others. */
export function userCatalogs(db: Db, userId: string, viewerId: string | null, limit: number, next: string | null | undefined): Promise<CatalogRow[]> {
  if (userId === viewerId) return viewerCatalogs(db, userId, limit, next);
  return rows<CatalogRow>(
    db,
    sql`select ${cols} from catalogs where user_id = ${userId} and visibility = 0
      order by predefined is null, created_at desc, id limit ${limit} offset ${offsetOf(next)}`,
  );
}

/** Lists the viewer follows that they may still see, newest follow first. */
export function followedCatalogs(db: Db, viewerId: string, limit: number, next: string | null | undefined): Promise<CatalogRow[]> {
  return rows<CatalogRow>(
    db,
    sql`select ${sql.raw(CATALOG_COLUMNS.replace(/(^|,\s*)(\w+)/g, '$1c.$2'))} from catalog_follows f join catalogs c on c.id = f.catalog_id
      where f.user_id = ${viewerId} and (c.visibility = 0 or c.user_id = ${viewerId})
      order by f.created_at desc, c.id limit ${limit} offset ${offsetOf(next)}`,
  );
}

/** AddToCatalogBaseQuery: which of the viewer's lists hold the story. */
export function catalogsContainingPost(db: Db, viewerId: string, postId: string): Promise<CatalogRow[]> {
  return rows<CatalogRow>(
    db,
    sql`select ${sql.raw(CATALOG_COLUMNS.replace(/(^|,\s*)(\w+)/g, '$1c.$2'))} from catalog_items i join catalogs c on c.id = i.catalog_id
      where i.post_id = ${postId} and c.user_id = ${viewerId}
      order by c.predefined is null, c.created_at desc`,
  );
}

export interface ItemsPage {
  items: CatalogItemRow[];
  next: string | null;
}

const ITEM_CURSOR = /^(-?\d{1,40}(?:\.\d{1,1000})?)_([0-9a-f]{12})$/;

/**
 * One page of a list in its order: one statement whatever the list's length (keyset on
 * position and id; the cursor names the last item shown).
 */
export async function catalogItemsPage(db: Db, catalogId: string, limit: number, next: string | null | undefined): Promise<ItemsPage> {
  let after = sql``;
  if (next) {
    const m = ITEM_CURSOR.exec(next);
    if (!m) throw new BadRequestError('That page does not exist (bad paging cursor).');
    after = sql`and (i.position, i.id) > (${m[1]}::numeric, ${m[2]})`;
  }
  const found = await rows<CatalogItemRow>(
    db,
    // Ordered by the numeric column, not the text alias of the same name.
    sql`select ${itemCols} from catalog_items i where catalog_id = ${catalogId} ${after} order by i.position, i.id limit ${limit + 1}`,
  );
  const items = found.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next: found.length > limit && last ? `${last.position}_${last.id}` : null };
}

export async function isFollowing(db: Db, catalogId: string, viewerId: string): Promise<boolean> {
  return (await followingOf(db, viewerId, [catalogId]))[0]!;
}

/** Which of these lists the viewer follows, in their order: one statement for a page of lists. */
export async function followingOf(db: Db, viewerId: string, catalogIds: readonly string[]): Promise<boolean[]> {
  const found = await rows<{ id: string }>(db, sql`select catalog_id as id from catalog_follows where user_id = ${viewerId} and catalog_id = any(${sql.param([...catalogIds])}::text[])`);
  const followed = new Set(found.map((r) => r.id));
  return catalogIds.map((id) => followed.has(id));
}

const COVER_IMAGES = 4;

/** The first images of a list's readable stories, for its cover. */
export async function coverImageIds(db: Db, catalogId: string): Promise<string[]> {
  return (await coverImageIdsOf(db, [catalogId]))[0]!;
}

/** The covers of many lists in one statement (a library page shows a page of lists). */
export async function coverImageIdsOf(db: Db, catalogIds: readonly string[]): Promise<string[][]> {
  const found = await rows<{ catalogId: string; id: string }>(
    db,
    sql`select "catalogId", id from (
        select i.catalog_id as "catalogId", p.preview_image->>'id' as id,
          row_number() over (partition by i.catalog_id order by i.position, i.id) as n
        from catalog_items i join posts p on p.id = i.post_id
        where i.catalog_id = any(${sql.param([...catalogIds])}::text[]) and p.deleted_at is null and p.visibility <> 'PRIVATE'
          and p.first_published_at is not null and p.preview_image->>'id' is not null
      ) firsts where n <= ${COVER_IMAGES} order by "catalogId", n`,
  );
  const byCatalog = new Map<string, string[]>();
  for (const r of found) byCatalog.set(r.catalogId, [...(byCatalog.get(r.catalogId) ?? []), r.id]);
  return catalogIds.map((id) => byCatalog.get(id) ?? []);
}

export interface SavedPostItem {
  postId: string;
  catalogId: string;
  catalogItemId: string;
}

/**
 * Which of these stories are in the viewer's lists, and as which items: one statement for
 * every Save control of a page (cards are kept as the same HTML for every reader, so their
 * saved state comes from here, not from the card's own data).
 */
export function viewerSavedPosts(db: Db, viewerId: string, postIds: readonly string[]): Promise<SavedPostItem[]> {
  const ids = [...new Set(postIds)];
  if (ids.length > LIMITS.maxPage) throw new BadRequestError(`Ask for 1 to ${LIMITS.maxPage} stories at a time.`);
  if (ids.length === 0) return Promise.resolve([]);
  return rows<SavedPostItem>(
    db,
    sql`select i.post_id as "postId", i.catalog_id as "catalogId", i.id as "catalogItemId"
      from catalog_items i join catalogs c on c.id = i.catalog_id
      where c.user_id = ${viewerId} and i.post_id = any(${sql.param(ids)}::text[])
      order by i.post_id, c.predefined is null, c.created_at desc`,
  );
}

/**
 * The site's featured lists (collections-library): public, not predefined, with stories;
 * the most followed first, then the most recently changed.
 */
export function featuredCatalogs(db: Db, limit: number): Promise<CatalogRow[]> {
  return rows<CatalogRow>(
    db,
    sql`select ${sql.raw(CATALOG_COLUMNS.replace(/(^|,\s*)(\w+)/g, '$1c.$2'))} from catalogs c join users u on u.id = c.user_id
      where c.visibility = 0 and c.predefined is null and c.items_count > 0 and u.deactivated_at is null
      order by c.followers_count desc, c.updated_at desc, c.id limit ${limit}`,
  );
}

/**
 * Whether `actorId` may add to a list's discussion, read in the writer's transaction with the
 * list row held (FOR SHARE): an owner locking responses at this moment lands first or waits.
 * A list the actor may not see is 'not-found'; a locked one 'closed'.
 */
export async function catalogDiscussionState(tx: Pick<Db, 'execute'>, catalogId: string, actorId: string): Promise<'open' | 'closed' | 'not-found'> {
  const { rows: found } = await tx.execute<{ userId: string; visibility: number; responsesLocked: boolean }>(
    sql`select user_id as "userId", visibility, responses_locked as "responsesLocked" from catalogs where id = ${catalogId} for share`,
  );
  const row = found[0];
  if (!row || !canSeeCatalog(row, actorId)) return 'not-found';
  return row.responsesLocked ? 'closed' : 'open';
}
