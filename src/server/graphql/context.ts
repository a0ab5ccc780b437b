import type { Config } from '../config.js';
import type { Db } from '../../platform/db/client.js';
import type { FastifyBaseLogger } from 'fastify';
import { createAccountLoaders } from '../../modules/accounts/queries.js';
import { createPostLoaders } from '../../modules/posts/queries.js';
import { createPublicationLoader } from '../../modules/publications/queries.js';
import { createPublicationNewsletterLoader, createWriterNewsletterLoader } from '../../modules/newsletters/queries.js';

/** The signed-in user of a request; filled by the accounts module (sessions). */
export interface Viewer {
  id: string;
  isStaff: boolean;
  /** When the session began (a recent sign-in counts as re-authentication). */
  signedInAt?: Date;
  emailObfuscated?: string | null;
  /** The membership tier and the end of its access period (posts/policies.ts hasMemberAccess). */
  memberTier?: string | null;
  memberAccessUntil?: Date | null;
  /** Staff with the admin role too (spec §2.3: an admin is staff). */
  isAdmin?: boolean;
  /** Authenticated by an integration token, not a browser session (viewer-guards.ts). */
  viaToken?: boolean;
}

/** Per-request batch loaders: every list of ids is one query (no N+1). */
export function createLoaders(db: Db) {
  return {
    ...createAccountLoaders(db),
    ...createPostLoaders(db),
    publicationById: createPublicationLoader(db),
    writerNewsletter: createWriterNewsletterLoader(db),
    publicationNewsletter: createPublicationNewsletterLoader(db),
  };
}
export type Loaders = ReturnType<typeof createLoaders>;

export interface RequestContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  viewer: Viewer | null;
  /** SHA-256 of the request's session token when signed in: tells this browser's session from the viewer's others. */
  sessionTokenHash: string | null;
  /** lo_-prefixed id of a logged-out reader (spec §3 Visitor). */
  visitorId: string;
  /** ISO country from the edge proxy's header when trusted, else null. */
  country: string | null;
  /** The ?sk= key of a writer's friend link the request came with (modules/metering), else null. */
  friendLinkKey: string | null;
  /**
   * The page's data asked for ahead of a click (a link hovered or pressed: the inkwell-purpose
   * header says 'prefetch'): nothing the reader has only so much of (a free story) is spent on it.
   */
  prefetch: boolean;
  loaders: Loaders;
}

export interface ContextInput {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  viewer: Viewer | null;
  sessionTokenHash: string | null;
  visitorId: string;
  country: string | null;
  friendLinkKey?: string | null;
  prefetch?: boolean;
}

export function createRequestContext(input: ContextInput): RequestContext {
  return { ...input, friendLinkKey: input.friendLinkKey ?? null, prefetch: input.prefetch ?? false, loaders: createLoaders(input.db) };
}

declare module 'mercurius' {
  // Resolvers receive our request context (mercurius adds reply and app to it).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MercuriusContext extends RequestContext {}
}
