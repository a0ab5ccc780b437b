import { DEFAULT_AUTHOR_ROUTES, USER_DOMAIN_ROUTES } from './routes-author.js';
import { MEMBERSHIP_ROUTES, PARTNER_ROUTES, SETTINGS_ROUTES, STATS_ROUTES } from './routes-default-account.js';
import { AUTH_ROUTES, GENERAL_ROUTES, OTHER_ROUTES } from './routes-default-general.js';
import { DISCOVERY_ROUTES, LIBRARY_ROUTES, POST_ROUTES, SEARCH_ROUTES, TAG_ROUTES } from './routes-default-reading.js';
import { DEFAULT_PUBLICATION_ROUTES, PUBLICATION_DOMAIN_ROUTES } from './routes-publication.js';
import { createRouteTable, type RouteTable } from './table.js';
import type { RouteDef, RouteTableKind } from './types.js';

export const DEFAULT_ROUTES: readonly RouteDef[] = [
  ...GENERAL_ROUTES,
  ...AUTH_ROUTES,
  ...OTHER_ROUTES,
  ...POST_ROUTES,
  ...SEARCH_ROUTES,
  ...LIBRARY_ROUTES,
  ...DISCOVERY_ROUTES,
  ...TAG_ROUTES,
  ...SETTINGS_ROUTES,
  ...STATS_ROUTES,
  ...PARTNER_ROUTES,
  ...MEMBERSHIP_ROUTES,
  ...DEFAULT_AUTHOR_ROUTES,
  ...DEFAULT_PUBLICATION_ROUTES,
];

/** Compiled once at module load: a bad table fails at start-up, and requests only walk the trie. */
export const ROUTE_TABLES: Readonly<Record<RouteTableKind, RouteTable>> = Object.freeze({
  default: createRouteTable(DEFAULT_ROUTES),
  'user-domain': createRouteTable(USER_DOMAIN_ROUTES),
  'publication-domain': createRouteTable(PUBLICATION_DOMAIN_ROUTES),
});

/**
 * Params a non-default host implies: a route served there is only "the same link" when the
 * params agree with the host (a link to bob's profile from ann.example.com must leave the host).
 */
export const TABLE_HOST_PARAMS: Readonly<Record<RouteTableKind, readonly string[]>> = Object.freeze({
  default: [],
  'user-domain': ['username'],
  'publication-domain': ['collectionSlug'],
});

/** First path segments of the main host's literal routes: a publication slug must not take one. */
export const RESERVED_ROOT_SEGMENTS: ReadonlySet<string> = ROUTE_TABLES.default.rootLiterals;

/** First segments of a publication's literal routes: a feature-page slug must not take one. */
export const RESERVED_PUBLICATION_SEGMENTS: ReadonlySet<string> = ROUTE_TABLES['publication-domain'].rootLiterals;
