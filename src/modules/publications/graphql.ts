import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../../server/graphql/context.js';
import { publicationUrl } from '../../shared/routing/host.js';
import { createPublication, type CreatePublicationInput, type PublicationOutcome } from './commands.js';
import { type PublicationRow, PUBLICATION_MESSAGES, roleAtLeast } from './model.js';
import { collectionDomain, collectionDomainState, publicationByDomainOrSlug } from '../custom-domains/collection-domain.js';
import { administeredPublications, createViewerEdgeLoader, createViewerRoleLoader, publicationByKey } from './queries.js';

export const publicationsTypeDefs = /* GraphQL */ `
  type CollectionImage {
    id: ID!
  }

  "Spec §3 customDomainState.live."
  type CustomDomainLive {
    domain: String!
    "CREATED, VERIFIED, ACTIVE, FAILED or DELETED (spec §4)."
    status: String!
    isSubdomain: Boolean!
  }
  type CustomDomainState {
    live: CustomDomainLive
  }

  "Spec §3 Collection viewerEdge."
  type CollectionViewerEdge {
    id: ID!
    isEditor: Boolean!
    isFollowing: Boolean!
    isMuting: Boolean!
    "OWNER, EDITOR, WRITER, or null for a reader."
    role: String
  }

  type CollectionHeader {
    "SMALL, MEDIUM or LARGE."
    size: String!
    "rgb hex without '#', or null for the site's colours."
    color: String
    backgroundImage: CollectionImage
  }

  "Spec §3 homepage sections: a posts section or a promotion section."
  type PostsSection {
    id: ID!
    title: String!
    "GRID, LIST or STREAM."
    layout: String!
    "LATEST, TAG or FEATURED."
    source: String!
    tags: [String!]!
    limit: Int!
  }
  type PromotionSection {
    id: ID!
    backgroundColor: String
    headlineText: String!
    buttonText: String!
    imageId: String
    url: String!
  }
  union CollectionSection = PostsSection | PromotionSection

  type CollectionHomepage {
    title: String!
    description: String!
    header: CollectionHeader!
    sections: [CollectionSection!]!
  }

  "Spec §3 navigationItems."
  type NavigationItem {
    title: String!
    value: String!
    "TAG, FEATURE_PAGE or URL."
    destination: String!
  }

  "Spec §3 Collection/Publication."
  type Collection {
    id: ID!
    slug: String!
    name: String!
    "The live custom domain, if any."
    domain: String
    description: String!
    tags: [String!]!
    "Followers of the publication."
    subscriberCount: Int!
    avatar: CollectionImage
    logo: CollectionImage
    favicon: CollectionImage
    isAuroraVisible: Boolean!
    googleAnalyticsId: String
    twitterUsername: String
    facebookPageId: String
    createdAt: Float!
    ptsQualifiedAt: Float
    "Where the publication lives: its custom domain, else /{slug}."
    url: String!
    customDomainState: CustomDomainState
    viewerEdge: CollectionViewerEdge!
    "The published design."
    homepage: CollectionHomepage!
    navigationItems: [NavigationItem!]!
    "WRITERS, ANYONE or CLOSED: who may submit stories."
    submissionPolicy: String!
  }

  "Spec §8 server result variants."
  type Forbidden {
    message: String!
  }
  type AlreadyExists {
    message: String!
  }

  input CreateCollectionInput {
    name: String!
    slug: String!
    description: String
    tags: [String!]
    avatarImageId: String
    logoImageId: String
  }
  type CollectionSuccess {
    collection: Collection!
  }
  union CollectionResult = CollectionSuccess | NotFound | BadRequest | Unauthorized | Forbidden | AlreadyExists

  extend type User {
    "Spec §3 adminCollections: publications the user owns or edits (the viewer's own only)."
    adminCollections(limit: Int): [Collection!]!
  }

  extend type Query {
    "PublicationProfileQuery (domainOrSlug): a publication by slug or custom domain; null if none."
    collection(domainOrSlug: String, id: ID): Collection
    "/c/{id}: a publication by id."
    collectionById(id: ID!): Collection
  }
  extend type Mutation {
    "/new-publication."
    createCollection(input: CreateCollectionInput!): CollectionResult!
  }
`;

type Ctx = RequestContext;

/** Turns a command's outcome into the result union; `wrap` names the success. */
export function publicationResult<T>(outcome: PublicationOutcome<T>, wrap: (value: T) => object): object {
  switch (outcome.kind) {
    case 'ok':
      return wrap(outcome.value);
    case 'not-found':
      return { __typename: 'NotFound', message: outcome.message };
    case 'bad-request':
      return { __typename: 'BadRequest', message: outcome.message };
    case 'forbidden':
      return { __typename: 'Forbidden', message: outcome.message };
    case 'already-exists':
      return { __typename: 'AlreadyExists', message: outcome.message };
    case 'unauthorized':
      return { __typename: 'Unauthorized', message: outcome.message };
  }
}

export const signInToPublish = { __typename: 'Unauthorized', message: PUBLICATION_MESSAGES.signIn };

const roleLoaders = new WeakMap<Ctx, ReturnType<typeof createViewerRoleLoader>>();
const edgeLoaders = new WeakMap<Ctx, ReturnType<typeof createViewerEdgeLoader>>();

/** The viewer's role in a publication (null signed out or without one), batched per request. */
export function viewerRole(ctx: Ctx, publicationId: string) {
  if (!ctx.viewer) return Promise.resolve(null);
  let loader = roleLoaders.get(ctx);
  if (!loader) roleLoaders.set(ctx, (loader = createViewerRoleLoader(ctx.db, ctx.viewer.id)));
  return loader.load(publicationId);
}

function viewerFollowEdge(ctx: Ctx, publicationId: string) {
  if (!ctx.viewer) return Promise.resolve({ isFollowing: false, isMuting: false });
  let loader = edgeLoaders.get(ctx);
  if (!loader) edgeLoaders.set(ctx, (loader = createViewerEdgeLoader(ctx.db, ctx.viewer.id)));
  return loader.load(publicationId);
}

/** Whether the viewer may edit the publication (owner or editor: spec viewerEdge.isEditor). */
export async function viewerIsEditor(ctx: Ctx, publicationId: string): Promise<boolean> {
  return roleAtLeast(await viewerRole(ctx, publicationId), 'EDITOR');
}

const image = (id: string | null) => (id ? { id } : null);

export const publicationsResolvers: IResolvers = {
  Query: {
    collection: (_: unknown, a: { domainOrSlug?: string | null; id?: string | null }, ctx: Ctx) =>
      a.id ? ctx.loaders.publicationById.load(a.id) : publicationByDomainOrSlug(ctx, a.domainOrSlug ?? ''),
    collectionById: (_: unknown, a: { id: string }, ctx: Ctx) => ctx.loaders.publicationById.load(a.id),
  },
  Mutation: {
    createCollection: async (_: unknown, a: { input: CreatePublicationInput }, ctx: Ctx) =>
      ctx.viewer ? publicationResult(await createPublication(ctx.db, ctx.viewer.id, a.input), (collection) => ({ __typename: 'CollectionSuccess', collection })) : signInToPublish,
  },
  CollectionResult: { resolveType: (o: { __typename: string }) => o.__typename },
  CollectionSection: { resolveType: (o: { type: string }) => (o.type === 'PROMOTION' ? 'PromotionSection' : 'PostsSection') },
  User: {
    adminCollections: (u: { id: string }, a: { limit?: number | null }, ctx: Ctx) =>
      ctx.viewer?.id === u.id ? administeredPublications(ctx.db, u.id, Math.min(Math.max(a.limit ?? 10, 1), 100)) : [],
  },
  Collection: {
    domain: (p: PublicationRow, _: unknown, ctx: Ctx) => collectionDomain(p, ctx),
    subscriberCount: (p: PublicationRow) => p.followersCount,
    avatar: (p: PublicationRow) => image(p.avatarImageId),
    logo: (p: PublicationRow) => image(p.logoImageId),
    favicon: (p: PublicationRow) => image(p.faviconImageId),
    isAuroraVisible: () => true,
    createdAt: (p: PublicationRow) => new Date(p.createdAt).getTime(),
    ptsQualifiedAt: () => null,
    url: async (p: PublicationRow, _: unknown, ctx: Ctx) =>
      publicationUrl({ id: p.id, slug: p.slug, customDomain: await collectionDomain(p, ctx) }, { mainOrigin: `${ctx.config.PUBLIC_PROTOCOL}://${ctx.config.mainHost}` }),
    customDomainState: (p: PublicationRow, _: unknown, ctx: Ctx) => collectionDomainState(p, ctx),
    viewerEdge: async (p: PublicationRow, _: unknown, ctx: Ctx) => {
      const [role, edge] = await Promise.all([viewerRole(ctx, p.id), viewerFollowEdge(ctx, p.id)]);
      return { id: `collectionId:${p.id}-viewerId:${ctx.viewer?.id ?? 'lo'}`, isEditor: roleAtLeast(role, 'EDITOR'), role, ...edge };
    },
    homepage: (p: PublicationRow) => ({
      publicationId: p.id,
      ...(p.homepage ?? { title: p.name, description: p.description, header: { size: 'MEDIUM', color: null, backgroundImageId: null }, sections: [] }),
    }),
    navigationItems: (p: PublicationRow) => p.navigationItems ?? [],
  },
  CollectionHeader: {
    backgroundImage: (h: { backgroundImageId: string | null }) => image(h.backgroundImageId),
  },
};
