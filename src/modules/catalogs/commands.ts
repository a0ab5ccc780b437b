import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { emitDomainEvent, notifyEventDispatchers } from '../../platform/events/outbox.js';
import { newId } from '../../platform/ids.js';
import {
  CATALOG_COLUMNS,
  CATALOG_MESSAGES,
  type CatalogItemOperation,
  type CatalogItemRow,
  type CatalogRow,
  canSeeCatalog,
  invalidOperations,
  ITEM_COLUMNS,
  LIMITS,
  operationKind,
  PREDEFINED_NAMES,
  type PredefinedKind,
  PREDEFINED_FIRST_VERSION,
  predefinedCatalogId,
  parsePredefinedId,
  VISIBILITY,
} from './model.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Exec = Pick<Db, 'execute'> | Tx;

export type EditOutcome =
  | { kind: 'ok'; catalog: CatalogRow; touched: (CatalogItemRow | null)[]; inserted: CatalogItemRow | null }
  | { kind: 'conflict'; catalog: CatalogRow }
  | { kind: 'not-found'; message: string }
  | { kind: 'bad-request'; message: string }
  | { kind: 'unauthorized'; message: string };

/** Thrown inside a transaction to roll it back and answer with this outcome. */
class Refusal extends Error {
  constructor(readonly outcome: EditOutcome) {
    super(outcome.kind);
  }
}

const cols = sql.raw(CATALOG_COLUMNS);
const itemCols = sql.raw(ITEM_COLUMNS);

async function rows<T>(db: Exec, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return res.rows as T[];
}

/** A new version for every change: readers of the old one get a CatalogConflict. */
const nextVersion = () => newId();

/**
 * What others see of lists is public lists only: search, sitemaps and followers react to a
 * change of a list that is or was public. A private list's edits (every Save to the Reading
 * list) emit nothing. `storiesAdded`: the change put new stories in the list.
 */
async function emitCatalogEvents(tx: Tx, before: Pick<CatalogRow, 'id' | 'userId' | 'visibility'>, after: Pick<CatalogRow, 'visibility'> | null, storiesAdded = false): Promise<void> {
  const isPublic = after?.visibility === VISIBILITY.PUBLIC;
  if (before.visibility !== VISIBILITY.PUBLIC && !isPublic) return;
  const payload = { catalogId: before.id, userId: before.userId };
  await emitDomainEvent(tx, { type: 'catalog.changed', payload });
  if (storiesAdded && isPublic) await emitDomainEvent(tx, { type: 'catalog.storiesAdded', payload });
}

/** After the commit: handle the events now when the change was to a list others may see. */
function wakeIfPublic(outcome: EditOutcome, wasPublic = false): EditOutcome {
  if (outcome.kind === 'ok' && (wasPublic || outcome.catalog.visibility === VISIBILITY.PUBLIC)) notifyEventDispatchers();
  return outcome;
}

/** The list, locked for the rest of the transaction (edits of one list queue here). */
async function lockCatalog(tx: Tx, id: string): Promise<CatalogRow | null> {
  const [row] = await rows<CatalogRow>(tx, sql`select ${cols} from catalogs where id = ${id} for update`);
  return row ?? null;
}

/** Makes the predefined list on first use; a no-op once it exists. */
export async function ensurePredefinedCatalog(db: Exec, userId: string, kind: PredefinedKind): Promise<string> {
  const id = predefinedCatalogId(userId, kind);
  await db.execute(sql`insert into catalogs (id, user_id, name, visibility, predefined, version)
    values (${id}, ${userId}, ${PREDEFINED_NAMES[kind]}, 1, ${kind}, ${PREDEFINED_FIRST_VERSION})
    on conflict (id) do nothing`);
  return id;
}

/** The story if the viewer may save it: published, not trashed, not private (or the viewer's own). */
async function saveablePost(tx: Tx, postId: string, viewerId: string): Promise<{ id: string; title: string } | null> {
  const [p] = await rows<{ id: string; title: string }>(
    tx,
    sql`select p.id, p.title from posts p join users u on u.id = p.creator_id
      where p.id = ${postId} and p.deleted_at is null and u.deactivated_at is null
        and (p.creator_id = ${viewerId} or (p.first_published_at is not null and p.visibility <> 'PRIVATE'))`,
  );
  return p ?? null;
}

async function itemInCatalog(tx: Tx, catalogId: string, itemId: string): Promise<CatalogItemRow> {
  const [item] = await rows<CatalogItemRow>(tx, sql`select ${itemCols} from catalog_items where id = ${itemId} and catalog_id = ${catalogId}`);
  if (!item) throw new Refusal({ kind: 'not-found', message: CATALOG_MESSAGES.itemNotFound });
  return item;
}

/**
 * One operation, one statement (plus the look-up of the story or item it names). A story
 * already in the list stays where it is: saving it again touches nothing. Returns the item
 * made or touched and how the item count changed.
 */
async function applyOperation(tx: Tx, catalogId: string, op: CatalogItemOperation, viewerId: string): Promise<{ item: CatalogItemRow | null; delta: number; inserted: boolean }> {
  const kind = operationKind(op)!;
  if (kind === 'prepend' || kind === 'append') {
    const input = op[kind]!;
    const post = await saveablePost(tx, input.postId, viewerId);
    if (!post) throw new Refusal({ kind: 'not-found', message: CATALOG_MESSAGES.postNotFound });
    const position =
      kind === 'prepend'
        ? sql`(select coalesce(min(position), 0) - 1 from catalog_items where catalog_id = ${catalogId})`
        : sql`(select coalesce(max(position), 0) + 1 from catalog_items where catalog_id = ${catalogId})`;
    const [made] = await rows<CatalogItemRow>(
      tx,
      sql`insert into catalog_items (id, catalog_id, post_id, note, position, tombstone_title)
        values (${newId()}, ${catalogId}, ${post.id}, ${input.note ?? null}, ${position}, ${post.title})
        on conflict (catalog_id, post_id) do nothing returning ${itemCols}`,
    );
    if (made) return { item: made, delta: 1, inserted: true };
    const [kept] = await rows<CatalogItemRow>(tx, sql`select ${itemCols} from catalog_items where catalog_id = ${catalogId} and post_id = ${post.id}`);
    return { item: kept ?? null, delta: 0, inserted: false };
  }
  if (kind === 'delete') {
    const [gone] = await rows<CatalogItemRow>(tx, sql`delete from catalog_items where id = ${op.delete!.catalogItemId} and catalog_id = ${catalogId} returning ${itemCols}`);
    if (!gone) throw new Refusal({ kind: 'not-found', message: CATALOG_MESSAGES.itemNotFound });
    return { item: gone, delta: -1, inserted: false };
  }
  if (kind === 'setNote') {
    const [item] = await rows<CatalogItemRow>(
      tx,
      sql`update catalog_items set note = ${op.setNote!.note ?? null} where id = ${op.setNote!.catalogItemId} and catalog_id = ${catalogId} returning ${itemCols}`,
    );
    if (!item) throw new Refusal({ kind: 'not-found', message: CATALOG_MESSAGES.itemNotFound });
    return { item, delta: 0, inserted: false };
  }
  // move: after an item, halfway to the next one (exact: numeric times 0.5 never rounds), or first.
  const { catalogItemId, afterCatalogItemId } = op.move!;
  await itemInCatalog(tx, catalogId, catalogItemId);
  let position: SQL;
  if (afterCatalogItemId) {
    const after = await itemInCatalog(tx, catalogId, afterCatalogItemId);
    position = sql`coalesce(
      (select (${after.position}::numeric + min(position)) * 0.5 from catalog_items
        where catalog_id = ${catalogId} and position > ${after.position}::numeric and id <> ${catalogItemId}),
      ${after.position}::numeric + 1)`;
  } else {
    position = sql`(select coalesce(min(position), 0) - 1 from catalog_items where catalog_id = ${catalogId} and id <> ${catalogItemId})`;
  }
  const [moved] = await rows<CatalogItemRow>(tx, sql`update catalog_items set position = ${position} where id = ${catalogItemId} and catalog_id = ${catalogId} returning ${itemCols}`);
  return { item: moved ?? null, delta: 0, inserted: false };
}

async function applyAll(tx: Tx, catalog: CatalogRow, ops: readonly CatalogItemOperation[], viewerId: string) {
  const touched: (CatalogItemRow | null)[] = [];
  let delta = 0;
  let inserted: CatalogItemRow | null = null;
  let added = false;
  for (const op of ops) {
    const r = await applyOperation(tx, catalog.id, op, viewerId);
    touched.push(r.item);
    delta += r.delta;
    if (r.inserted && !inserted) inserted = r.item;
    added ||= r.inserted;
  }
  const [updated] = await rows<CatalogRow>(
    tx,
    sql`update catalogs set version = ${nextVersion()}, items_count = items_count + ${delta}, updated_at = now()
      where id = ${catalog.id} returning ${cols}`,
  );
  await emitCatalogEvents(tx, catalog, updated!, added);
  return { kind: 'ok' as const, catalog: updated!, touched, inserted };
}

async function refusing(work: () => Promise<EditOutcome>): Promise<EditOutcome> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof Refusal) return e.outcome;
    throw e;
  }
}

/** Who may change a list: its owner only (staff read public lists like anyone). */
function ownerCheck(catalog: CatalogRow | null, viewerId: string): EditOutcome | null {
  if (!catalog || !canSeeCatalog(catalog, viewerId)) return { kind: 'not-found', message: CATALOG_MESSAGES.notFound };
  if (catalog.userId !== viewerId) return { kind: 'unauthorized', message: CATALOG_MESSAGES.notOwner };
  return null;
}

/**
 * Spec §7 EditCatalogItems: the operations apply in order, all or none, if `version` is the
 * list's current version; otherwise nothing changes and the caller gets the current version
 * (a CatalogConflict) to merge against and retry.
 */
export function editCatalogItems(db: Db, viewerId: string, catalogId: string, version: string, ops: readonly CatalogItemOperation[]): Promise<EditOutcome> {
  const invalid = invalidOperations(ops);
  if (invalid) return Promise.resolve({ kind: 'bad-request', message: invalid });
  return refusing(() =>
    db.transaction(async (tx): Promise<EditOutcome> => {
      // The owner's predefined list may not exist yet: its first edit makes it (at version '0').
      const predefined = parsePredefinedId(catalogId);
      if (predefined && predefined.userId === viewerId) await ensurePredefinedCatalog(tx, viewerId, predefined.kind);
      const catalog = await lockCatalog(tx, catalogId);
      const refused = ownerCheck(catalog, viewerId);
      if (refused) return refused;
      if (catalog!.version !== version) return { kind: 'conflict', catalog: catalog! };
      return applyAll(tx, catalog!, ops, viewerId);
    }),
  ).then((o) => wakeIfPublic(o));
}

/** Spec §7 AddToPredefinedCatalog: one operation on the viewer's predefined list, made on first use; no version check. */
export function addToPredefinedCatalog(db: Db, viewerId: string, kind: PredefinedKind, op: CatalogItemOperation): Promise<EditOutcome> {
  const invalid = invalidOperations([op]);
  if (invalid) return Promise.resolve({ kind: 'bad-request', message: invalid });
  return refusing(() =>
    db.transaction(async (tx): Promise<EditOutcome> => {
      const id = await ensurePredefinedCatalog(tx, viewerId, kind);
      const catalog = (await lockCatalog(tx, id))!;
      return applyAll(tx, catalog, [op], viewerId);
    }),
  ).then((o) => wakeIfPublic(o));
}

function checkText(name: string | null | undefined, description: string | null | undefined): string | null {
  if (name != null && (name.trim().length < 1 || [...name].length > LIMITS.name)) return CATALOG_MESSAGES.name;
  if (description != null && [...description].length > LIMITS.description) return CATALOG_MESSAGES.description;
  return null;
}

/** A new list of the viewer's, with a first story when `postId` is given (one transaction). */
export function createCatalog(db: Db, viewerId: string, input: { name: string; description?: string | null; visibility: number; postId?: string | null }): Promise<EditOutcome> {
  const invalid = checkText(input.name, input.description);
  if (invalid) return Promise.resolve({ kind: 'bad-request', message: invalid });
  return refusing(() =>
    db.transaction(async (tx): Promise<EditOutcome> => {
      const [catalog] = await rows<CatalogRow>(
        tx,
        sql`insert into catalogs (id, user_id, name, description, visibility, version)
          values (${newId()}, ${viewerId}, ${input.name.trim()}, ${input.description ?? ''}, ${input.visibility}, ${nextVersion()})
          returning ${cols}`,
      );
      if (!input.postId) {
        await emitCatalogEvents(tx, catalog!, catalog!);
        return { kind: 'ok', catalog: catalog!, touched: [], inserted: null };
      }
      return applyAll(tx, catalog!, [{ append: { postId: input.postId } }], viewerId);
    }),
  ).then((o) => wakeIfPublic(o));
}

export function updateCatalog(
  db: Db,
  viewerId: string,
  catalogId: string,
  input: { name?: string | null; description?: string | null; visibility?: number | null; responsesLocked?: boolean | null },
): Promise<EditOutcome> {
  const invalid = checkText(input.name, input.description);
  if (invalid) return Promise.resolve({ kind: 'bad-request', message: invalid });
  return db.transaction(async (tx): Promise<EditOutcome> => {
    const catalog = await lockCatalog(tx, catalogId);
    const refused = ownerCheck(catalog, viewerId);
    if (refused) return refused;
    if (catalog!.predefined && input.name != null && input.name.trim() !== catalog!.name) return { kind: 'bad-request', message: CATALOG_MESSAGES.predefinedRename };
    const [updated] = await rows<CatalogRow>(
      tx,
      sql`update catalogs set name = coalesce(${input.name?.trim() ?? null}, name), description = coalesce(${input.description ?? null}, description),
        visibility = coalesce(${input.visibility ?? null}::smallint, visibility), responses_locked = coalesce(${input.responsesLocked ?? null}::boolean, responses_locked),
        version = ${nextVersion()}, updated_at = now()
        where id = ${catalogId} returning ${cols}`,
    );
    await emitCatalogEvents(tx, catalog!, updated!);
    return { kind: 'ok', catalog: updated!, touched: [], inserted: null };
  }).then((o) => wakeIfPublic(o, true));
}

export function deleteCatalog(db: Db, viewerId: string, catalogId: string): Promise<EditOutcome> {
  return db.transaction(async (tx): Promise<EditOutcome> => {
    const catalog = await lockCatalog(tx, catalogId);
    const refused = ownerCheck(catalog, viewerId);
    if (refused) return refused;
    if (catalog!.predefined) return { kind: 'bad-request', message: CATALOG_MESSAGES.predefinedDelete };
    await tx.execute(sql`delete from catalogs where id = ${catalogId}`);
    await emitCatalogEvents(tx, catalog!, null);
    return { kind: 'ok', catalog: catalog!, touched: [], inserted: null };
  }).then((o) => wakeIfPublic(o));
}

/** Follow or unfollow someone else's visible list; the followers count changes in the same transaction. */
export function setCatalogFollow(db: Db, viewerId: string, catalogId: string, follow: boolean): Promise<EditOutcome> {
  return db.transaction(async (tx): Promise<EditOutcome> => {
    const catalog = await lockCatalog(tx, catalogId);
    if (!catalog || !canSeeCatalog(catalog, viewerId)) return { kind: 'not-found', message: CATALOG_MESSAGES.notFound };
    if (catalog.userId === viewerId) return { kind: 'bad-request', message: CATALOG_MESSAGES.followOwn };
    const changed = follow
      ? await rows(tx, sql`insert into catalog_follows (catalog_id, user_id) values (${catalogId}, ${viewerId}) on conflict do nothing returning 1`)
      : await rows(tx, sql`delete from catalog_follows where catalog_id = ${catalogId} and user_id = ${viewerId} returning 1`);
    if (changed.length === 0) return { kind: 'ok', catalog, touched: [], inserted: null };
    const [updated] = await rows<CatalogRow>(
      tx,
      sql`update catalogs set followers_count = followers_count + ${follow ? 1 : -1} where id = ${catalogId} returning ${cols}`,
    );
    return { kind: 'ok', catalog: updated!, touched: [], inserted: null };
  });
}

/** Takes a story out of the viewer's predefined list (`DELETE /_/bookmark/p/{id}`); true when it was there. */
export function removeFromPredefinedCatalog(db: Db, viewerId: string, kind: PredefinedKind, postId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const catalog = await lockCatalog(tx, predefinedCatalogId(viewerId, kind));
    if (!catalog) return false;
    const gone = await rows(tx, sql`delete from catalog_items where catalog_id = ${catalog.id} and post_id = ${postId} returning 1`);
    if (gone.length === 0) return false;
    await tx.execute(sql`update catalogs set version = ${nextVersion()}, items_count = items_count - 1, updated_at = now() where id = ${catalog.id}`);
    await emitCatalogEvents(tx, catalog, catalog);
    return true;
  });
}
