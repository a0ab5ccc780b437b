/** Names, limits and row shapes of lists (spec §3 Catalog), shared by commands, queries and GraphQL. */

export const PREDEFINED_KINDS = ['reading-list', 'currently-reading', 'purchased'] as const;
export type PredefinedKind = (typeof PREDEFINED_KINDS)[number];

/** GraphQL enum value → stored kind. */
export const PREDEFINED_BY_TYPE: Record<string, PredefinedKind> = {
  READING_LIST: 'reading-list',
  CURRENTLY_READING: 'currently-reading',
  PURCHASED: 'purchased',
};
export const TYPE_BY_PREDEFINED: Record<PredefinedKind, string> = {
  'reading-list': 'READING_LIST',
  'currently-reading': 'CURRENTLY_READING',
  purchased: 'PURCHASED',
};
/** Spec §3: shown as Reading list, Resume reading, Purchased. */
export const PREDEFINED_NAMES: Record<PredefinedKind, string> = {
  'reading-list': 'Reading list',
  'currently-reading': 'Resume reading',
  purchased: 'Purchased',
};

export const predefinedCatalogId = (userId: string, kind: PredefinedKind) => `predefined:${userId}:${kind}`;

/** Spec: PUBLIC = 0, PRIVATE = 1. */
export const VISIBILITY = { PUBLIC: 0, PRIVATE: 1 } as const;

export const LIMITS = { name: 60, description: 280, note: 280, operations: 100, page: 25, maxPage: 100 } as const;

export const CATALOG_MESSAGES = {
  signIn: 'Sign in to save stories to lists.',
  notFound: 'List not found.',
  postNotFound: 'Story not found.',
  itemNotFound: 'That story is not in this list.',
  notOwner: 'Only the list’s owner can change it.',
  conflict: 'This list changed since you opened it. Here is the list as it is now.',
  name: `A list name must have 1 to ${LIMITS.name} characters.`,
  description: `A list description can have up to ${LIMITS.description} characters.`,
  note: `A note can have up to ${LIMITS.note} characters.`,
  operation: 'Each operation must be exactly one of prepend, append, move, delete or setNote.',
  operations: `Send 1 to ${LIMITS.operations} operations at a time.`,
  predefinedRename: 'A predefined list keeps its name.',
  predefinedDelete: 'A predefined list cannot be deleted.',
  followOwn: 'You cannot follow your own list.',
  moveSelf: 'An item cannot be placed after itself.',
} as const;

export interface CatalogRow {
  id: string;
  userId: string;
  name: string;
  description: string;
  visibility: number;
  predefined: PredefinedKind | null;
  version: string;
  itemsCount: number;
  followersCount: number;
  responsesLocked: boolean;
  /** Claps from every reader (catalog_claps). */
  clapCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface CatalogItemRow {
  id: string;
  catalogId: string;
  postId: string;
  note: string | null;
  position: string;
  tombstoneTitle: string;
  addedAt: Date;
}

export const CATALOG_COLUMNS = `id, user_id as "userId", name, description, visibility, predefined, version,
  items_count as "itemsCount", followers_count as "followersCount", responses_locked as "responsesLocked",
  clap_count as "clapCount", created_at as "createdAt", updated_at as "updatedAt"`;
export const ITEM_COLUMNS = `id, catalog_id as "catalogId", post_id as "postId", note, position::text as position,
  tombstone_title as "tombstoneTitle", added_at as "addedAt"`;

/** Who may see a list: public ones everyone, private ones only their owner. */
export function canSeeCatalog(c: Pick<CatalogRow, 'visibility' | 'userId'>, viewerId: string | null | undefined): boolean {
  return c.visibility === VISIBILITY.PUBLIC || c.userId === viewerId;
}

export interface ItemInput {
  postId: string;
  note?: string | null;
}
export interface CatalogItemOperation {
  prepend?: ItemInput | null;
  append?: ItemInput | null;
  move?: { catalogItemId: string; afterCatalogItemId?: string | null } | null;
  delete?: { catalogItemId: string } | null;
  setNote?: { catalogItemId: string; note?: string | null } | null;
}

/** The one field an operation sets, or a message when it sets none or several. */
export function operationKind(op: CatalogItemOperation): keyof CatalogItemOperation | null {
  const set = (Object.keys(op) as (keyof CatalogItemOperation)[]).filter((k) => op[k] != null);
  return set.length === 1 ? set[0]! : null;
}

/** The first problem of a batch of operations, checked before anything is written. */
export function invalidOperations(ops: readonly CatalogItemOperation[]): string | null {
  if (ops.length < 1 || ops.length > LIMITS.operations) return CATALOG_MESSAGES.operations;
  for (const op of ops) {
    const kind = operationKind(op);
    if (!kind) return CATALOG_MESSAGES.operation;
    const note = kind === 'prepend' || kind === 'append' ? op[kind]!.note : kind === 'setNote' ? op.setNote!.note : null;
    if (note != null && [...note].length > LIMITS.note) return CATALOG_MESSAGES.note;
    if (kind === 'move' && op.move!.afterCatalogItemId === op.move!.catalogItemId) return CATALOG_MESSAGES.moveSelf;
  }
  return null;
}

/** The version of a predefined list before its first edit: the list as shown before it exists. */
export const PREDEFINED_FIRST_VERSION = '0';

/** userId and kind of a predefined list id, or null. */
export function parsePredefinedId(id: string): { userId: string; kind: PredefinedKind } | null {
  const m = /^predefined:([^:]+):([a-z-]+)$/.exec(id);
  if (!m || !(PREDEFINED_KINDS as readonly string[]).includes(m[2]!)) return null;
  return { userId: m[1]!, kind: m[2] as PredefinedKind };
}

/** A predefined list the owner has not used yet: what it looks like before its row is made. */
export function unusedPredefined(userId: string, kind: PredefinedKind): CatalogRow {
  const epoch = new Date(0);
  return {
    id: predefinedCatalogId(userId, kind),
    userId,
    name: PREDEFINED_NAMES[kind],
    description: '',
    visibility: VISIBILITY.PRIVATE,
    predefined: kind,
    version: PREDEFINED_FIRST_VERSION,
    itemsCount: 0,
    followersCount: 0,
    responsesLocked: false,
    clapCount: 0,
    createdAt: epoch,
    updatedAt: epoch,
  };
}
