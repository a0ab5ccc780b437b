export type { RedirectDef, RouteDef, RouteMatch, RouteParams, RouteTableKind } from './types.js';
export { createRouteTable, type CompiledRoute, type RouteTable, type TableMatch } from './table.js';
export { parsePattern, pathSegments, queryString, type Segment } from './pattern.js';
export { mountFamily, type FamilyRouteDef } from './family.js';
export {
  DEFAULT_ROUTES,
  RESERVED_PUBLICATION_SEGMENTS,
  RESERVED_ROOT_SEGMENTS,
  ROUTE_TABLES,
  TABLE_HOST_PARAMS,
} from './tables.js';
export { USER_DOMAIN_ROUTES } from './routes-author.js';
export { PUBLICATION_DOMAIN_ROUTES } from './routes-publication.js';
export { buildRoute, fillPattern, type BuildRouteOptions } from './build.js';
export { invalidRedirectMessage, pageIdForMatch, resolveRoute, routeMetricName, type ResolveOptions } from './resolve.js';
export {
  profileUrl,
  publicationUrl,
  tableForHost,
  type HostTable,
  type ProfileLinkTarget,
  type PublicationLinkTarget,
} from './host.js';
export { routeAllows, viewerAccess, type RouteAccess } from './access.js';
export { POST_ID_PATTERN, postIdFromSlug, postSlugParam } from './post-id.js';
