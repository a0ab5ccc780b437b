import DataLoader from 'dataloader';
import type { IResolvers } from 'mercurius';
import { BadRequestError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { isReadable } from '../posts/policies.js';
import { addToPredefinedCatalog, createCatalog, deleteCatalog, editCatalogItems, type EditOutcome, setCatalogFollow, updateCatalog } from './commands.js';
import { CATALOG_MESSAGES, type CatalogItemOperation, type CatalogItemRow, type CatalogRow, PREDEFINED_BY_TYPE, TYPE_BY_PREDEFINED, VISIBILITY } from './model.js';
import {
  catalogForViewer,
  catalogItemsPage,
  catalogSlugId,
  catalogsContainingPost,
  coverImageIdsOf,
  featuredCatalogs,
  followedCatalogs,
  followingOf,
  pageLimit,
  userCatalogs,
  viewerCatalogs,
  viewerSavedPosts,
} from './queries.js';

export const catalogsTypeDefs = /* GraphQL */ `
  enum CatalogVisibility { PUBLIC PRIVATE }
  "Shown as Reading list, Resume reading, Purchased."
  enum PredefinedCatalogType { READING_LIST CURRENTLY_READING PURCHASED }

  "Spec §3 Catalog: a reader's list of stories."
  type Catalog {
    "predefined:{userId}:{kind} for a predefined list, else 12-hex."
    id: ID!
    name: String!
    description: String!
    "Slug from the name plus '-' plus the id; a predefined list's kind."
    slugId: String!
    visibility: CatalogVisibility!
    predefined: PredefinedCatalogType
    "Changes on every edit: EditCatalogItems names the version it read."
    version: String!
    creator: User!
    createdAt: Float!
    updatedAt: Float!
    itemsCount: Int!
    followersCount: Int!
    viewerIsFollowing: Boolean!
    viewerIsOwner: Boolean!
    "The first images of its stories, for the cover (up to 4 image ids)."
    coverImageIds: [String!]!
    items(limit: Int, next: String): CatalogItemsConnection!
    responsesLocked: Boolean!
  }
  type CatalogItem {
    catalogItemId: ID!
    note: String
    addedAt: Float!
    "null when the story was deleted or made private: a tombstone ('This story is no longer available')."
    post: Post
    "Kept for the owner's tombstone; null for others."
    tombstoneTitle: String
  }
  type CatalogItemsConnection { items: [CatalogItem!]! next: String }
  input CatalogItemInput { postId: ID! note: String }
  input CatalogMoveInput { catalogItemId: ID! "Place it after this item; null = first." afterCatalogItemId: ID }
  input CatalogDeleteInput { catalogItemId: ID! }
  input CatalogNoteInput { catalogItemId: ID! note: String }
  "Exactly one of its fields."
  input CatalogItemOperation { prepend: CatalogItemInput append: CatalogItemInput move: CatalogMoveInput delete: CatalogDeleteInput setNote: CatalogNoteInput }
  type CatalogEditSuccess { version: String! catalog: Catalog! "Per operation: the item it made or touched." operations: [CatalogItem]! }
  "The list changed since the version sent: nothing was changed; here is the list as it is now."
  type CatalogConflict { message: String! version: String! items: [CatalogItem!]! }
  union CatalogEditResult = CatalogEditSuccess | CatalogConflict | NotFound | BadRequest | Unauthorized
  type AddToPredefinedCatalogSuccess { version: String! insertedItem: CatalogItem catalog: Catalog! }
  "One story in one of the viewer's lists (the Save controls' state)."
  type SavedPostItem { postId: ID! catalogId: ID! catalogItemId: ID! }
  union AddToPredefinedCatalogResult = AddToPredefinedCatalogSuccess | NotFound | BadRequest | Unauthorized

  extend type User {
    "Public lists of that user; all of the viewer's own."
    catalogs(limit: Int, next: String): [Catalog!]!
  }
  extend type Query {
    "Also accepts a slugId (a predefined kind such as reading-list names the viewer's own); a private list is null to everyone but its owner."
    catalogById(catalogId: ID!): Catalog
    "Predefined first, then the viewer's own lists."
    viewerCatalogs(limit: Int, next: String): [Catalog!]!
    viewerFollowedCatalogs(limit: Int, next: String): [Catalog!]!
    "AddToCatalogBaseQuery: which of the viewer's lists hold the post (for the Save menu's checkboxes)."
    catalogsContainingPost(postId: ID!): [Catalog!]!
    "Which of these stories (up to 100) are in the viewer's lists: one query for all the Save controls of a page."
    viewerSavedPosts(postIds: [ID!]!): [SavedPostItem!]!
    "The site's featured lists (/collections): public lists with the most followers, then the most recent."
    featuredCatalogs(limit: Int): [Catalog!]!
  }
  extend type Mutation {
    addToPredefinedCatalog(type: PredefinedCatalogType!, operation: CatalogItemOperation!): AddToPredefinedCatalogResult!
    editCatalogItems(catalogId: ID!, version: String!, operations: [CatalogItemOperation!]!): CatalogEditResult!
    createCatalog(name: String!, description: String, visibility: CatalogVisibility!, postId: ID): CatalogEditResult!
    updateCatalog(catalogId: ID!, name: String, description: String, visibility: CatalogVisibility, responsesLocked: Boolean): CatalogEditResult!
    deleteCatalog(catalogId: ID!): CatalogEditResult!
    followCatalog(catalogId: ID!): CatalogEditResult!
    unfollowCatalog(catalogId: ID!): CatalogEditResult!
  }
`;

type Ctx = RequestContext;
type Paging = { limit?: number | null; next?: string | null };

/**
 * Per request (keyed by its loaders): a page of lists asks for its covers and the viewer's
 * follows in one statement each, not one per list.
 */
const listLoaders = new WeakMap<object, { covers: DataLoader<string, string[]>; following: DataLoader<string, boolean> | null }>();
function loadersOf(ctx: Ctx) {
  let l = listLoaders.get(ctx.loaders);
  if (!l) {
    const viewerId = ctx.viewer?.id;
    l = {
      // Batched, not cached: a mutation later in the same request changes both.
      covers: new DataLoader((ids: readonly string[]) => coverImageIdsOf(ctx.db, ids), { cache: false }),
      following: viewerId ? new DataLoader((ids: readonly string[]) => followingOf(ctx.db, viewerId, ids), { cache: false }) : null,
    };
    listLoaders.set(ctx.loaders, l);
  }
  return l;
}

/** Items carry their list's owner so post and tombstoneTitle know whom they answer. */
type ItemParent = CatalogItemRow & { ownerId: string };
const withOwner = (items: readonly (CatalogItemRow | null)[], ownerId: string) => items.map((i) => (i ? { ...i, ownerId } : null));

const unauthorized = { __typename: 'Unauthorized', message: CATALOG_MESSAGES.signIn };

async function result(outcome: EditOutcome, ctx: Ctx, success: (o: Extract<EditOutcome, { kind: 'ok' }>) => object): Promise<object> {
  switch (outcome.kind) {
    case 'ok':
      return success(outcome);
    case 'conflict': {
      const page = await catalogItemsPage(ctx.db, outcome.catalog.id, pageLimit(null), null);
      return { __typename: 'CatalogConflict', message: CATALOG_MESSAGES.conflict, version: outcome.catalog.version, items: withOwner(page.items, outcome.catalog.userId) };
    }
    case 'not-found':
      return { __typename: 'NotFound', message: outcome.message };
    case 'bad-request':
      return { __typename: 'BadRequest', message: outcome.message };
    case 'unauthorized':
      return { __typename: 'Unauthorized', message: outcome.message };
  }
}

const editSuccess = (o: Extract<EditOutcome, { kind: 'ok' }>) => ({
  __typename: 'CatalogEditSuccess',
  version: o.catalog.version,
  catalog: o.catalog,
  operations: withOwner(o.touched, o.catalog.userId),
});

function visibilityOf(v: string | null | undefined): number | null {
  if (v == null) return null;
  return v === 'PRIVATE' ? VISIBILITY.PRIVATE : VISIBILITY.PUBLIC;
}

export const catalogsResolvers: IResolvers = {
  Query: {
    catalogById: (_: unknown, a: { catalogId: string }, ctx: Ctx) => catalogForViewer(ctx.db, a.catalogId, ctx.viewer?.id ?? null),
    viewerCatalogs: (_: unknown, a: Paging, ctx: Ctx) => (ctx.viewer ? viewerCatalogs(ctx.db, ctx.viewer.id, pageLimit(a.limit), a.next) : []),
    viewerFollowedCatalogs: (_: unknown, a: Paging, ctx: Ctx) => (ctx.viewer ? followedCatalogs(ctx.db, ctx.viewer.id, pageLimit(a.limit), a.next) : []),
    catalogsContainingPost: (_: unknown, a: { postId: string }, ctx: Ctx) => (ctx.viewer ? catalogsContainingPost(ctx.db, ctx.viewer.id, a.postId) : []),
    viewerSavedPosts: (_: unknown, a: { postIds: string[] }, ctx: Ctx) => (ctx.viewer ? viewerSavedPosts(ctx.db, ctx.viewer.id, a.postIds) : []),
    featuredCatalogs: (_: unknown, a: Paging, ctx: Ctx) => featuredCatalogs(ctx.db, pageLimit(a.limit ?? 20)),
  },
  Mutation: {
    addToPredefinedCatalog: async (_: unknown, a: { type: string; operation: CatalogItemOperation }, ctx: Ctx) => {
      if (!ctx.viewer) return unauthorized;
      const kind = PREDEFINED_BY_TYPE[a.type];
      if (!kind) throw new BadRequestError('Unknown predefined list.');
      return result(await addToPredefinedCatalog(ctx.db, ctx.viewer.id, kind, a.operation), ctx, (o) => ({
        __typename: 'AddToPredefinedCatalogSuccess',
        version: o.catalog.version,
        catalog: o.catalog,
        insertedItem: o.inserted ? { ...o.inserted, ownerId: o.catalog.userId } : null,
      }));
    },
    editCatalogItems: async (_: unknown, a: { catalogId: string; version: string; operations: CatalogItemOperation[] }, ctx: Ctx) => {
      if (!ctx.viewer) return unauthorized;
      return result(await editCatalogItems(ctx.db, ctx.viewer.id, a.catalogId, a.version, a.operations), ctx, editSuccess);
    },
    createCatalog: async (_: unknown, a: { name: string; description?: string | null; visibility: string; postId?: string | null }, ctx: Ctx) => {
      if (!ctx.viewer) return unauthorized;
      const outcome = await createCatalog(ctx.db, ctx.viewer.id, { name: a.name, description: a.description, visibility: visibilityOf(a.visibility)!, postId: a.postId });
      return result(outcome, ctx, editSuccess);
    },
    updateCatalog: async (_: unknown, a: { catalogId: string; name?: string | null; description?: string | null; visibility?: string | null; responsesLocked?: boolean | null }, ctx: Ctx) => {
      if (!ctx.viewer) return unauthorized;
      const outcome = await updateCatalog(ctx.db, ctx.viewer.id, a.catalogId, { name: a.name, description: a.description, visibility: visibilityOf(a.visibility), responsesLocked: a.responsesLocked });
      return result(outcome, ctx, editSuccess);
    },
    deleteCatalog: async (_: unknown, a: { catalogId: string }, ctx: Ctx) => {
      if (!ctx.viewer) return unauthorized;
      return result(await deleteCatalog(ctx.db, ctx.viewer.id, a.catalogId), ctx, editSuccess);
    },
    followCatalog: async (_: unknown, a: { catalogId: string }, ctx: Ctx) => {
      if (!ctx.viewer) return unauthorized;
      return result(await setCatalogFollow(ctx.db, ctx.viewer.id, a.catalogId, true), ctx, editSuccess);
    },
    unfollowCatalog: async (_: unknown, a: { catalogId: string }, ctx: Ctx) => {
      if (!ctx.viewer) return unauthorized;
      return result(await setCatalogFollow(ctx.db, ctx.viewer.id, a.catalogId, false), ctx, editSuccess);
    },
  },
  CatalogEditResult: { resolveType: (o: { __typename: string }) => o.__typename },
  AddToPredefinedCatalogResult: { resolveType: (o: { __typename: string }) => o.__typename },
  User: {
    catalogs: (u: { id: string }, a: Paging, ctx: Ctx) => userCatalogs(ctx.db, u.id, ctx.viewer?.id ?? null, pageLimit(a.limit), a.next),
  },
  Catalog: {
    slugId: (c: CatalogRow) => catalogSlugId(c),
    visibility: (c: CatalogRow) => (c.visibility === VISIBILITY.PRIVATE ? 'PRIVATE' : 'PUBLIC'),
    predefined: (c: CatalogRow) => (c.predefined ? TYPE_BY_PREDEFINED[c.predefined] : null),
    creator: (c: CatalogRow, _: unknown, ctx: Ctx) => ctx.loaders.userById.load(c.userId),
    createdAt: (c: CatalogRow) => new Date(c.createdAt).getTime(),
    updatedAt: (c: CatalogRow) => new Date(c.updatedAt).getTime(),
    viewerIsOwner: (c: CatalogRow, _: unknown, ctx: Ctx) => ctx.viewer?.id === c.userId,
    viewerIsFollowing: (c: CatalogRow, _: unknown, ctx: Ctx) => (ctx.viewer && ctx.viewer.id !== c.userId ? (loadersOf(ctx).following?.load(c.id) ?? false) : false),
    coverImageIds: (c: CatalogRow, _: unknown, ctx: Ctx) => loadersOf(ctx).covers.load(c.id),
    items: async (c: CatalogRow, a: Paging, ctx: Ctx) => {
      const page = await catalogItemsPage(ctx.db, c.id, pageLimit(a.limit), a.next);
      return { items: withOwner(page.items, c.userId), next: page.next };
    },
  },
  CatalogItem: {
    catalogItemId: (i: ItemParent) => i.id,
    addedAt: (i: ItemParent) => new Date(i.addedAt).getTime(),
    // The story without its body (a list shows cards); the same read rules as the post query.
    post: async (i: ItemParent, _: unknown, ctx: Ctx) => {
      const post = await ctx.loaders.postById.load(i.postId);
      if (!post || !isReadable(post, ctx.viewer)) return null;
      const creator = await ctx.loaders.userById.load(post.creatorId);
      return creator?.deactivatedAt && ctx.viewer?.id !== creator.id ? null : post;
    },
    // The story's title while its row exists (trashed or private keep it), else the one saved with the item.
    tombstoneTitle: async (i: ItemParent, _: unknown, ctx: Ctx) => {
      if (ctx.viewer?.id !== i.ownerId) return null;
      return (await ctx.loaders.postById.load(i.postId))?.title ?? i.tombstoneTitle;
    },
  },
};
