import type { PageId } from '../pages.js';

/**
 * The host picks the table (spec §2.2): the main host serves `default`, a profile subdomain serves
 * `user-domain` (profile at the root) and a publication's own domain serves `publication-domain`.
 */
export type RouteTableKind = 'default' | 'user-domain' | 'publication-domain';

export type RouteParams = Record<string, string>;

export interface RedirectDef {
  /** Name of the target route; it must exist in the same table so the location stays on the host. */
  to: string;
  status: 301 | 302;
  /**
   * How the target's params come from the matched ones. An object maps target param → source
   * param (identity when omitted); a function computes them. An empty result makes the redirect
   * invalid (spec §2.2: log and show 404).
   */
  params?: Readonly<Record<string, string>> | ((params: Readonly<RouteParams>) => Record<string, string | undefined>);
}

export interface RouteDef {
  /** Spec §2.4 name where the spec has one; names are unique per table and shared across tables. */
  name: string;
  /**
   * Segments separated by '/': a literal, `{param}` (one non-empty segment), `@{param}` (a segment
   * with a literal prefix) or a final `{param*}` (one or more segments, joined with '/').
   */
  pattern: string;
  /** Null when no page renders the path: either a server handler owns it or it only redirects. */
  pageId: PageId | null;
  redirect?: RedirectDef;
  /** Fixed params merged into every match, e.g. the profile tab a path stands for. */
  defaults?: Readonly<RouteParams>;
  /** A server HTTP handler answers this path (auth callbacks, feeds, downloads); pages never do. */
  serverHandled?: true;
  /** Spec §2.3 marks a few paths as staff or admin only; the server enforces it. */
  access?: 'staff' | 'admin';
  /** Spec §2.4 page-type label reported with analytics events. */
  pageType?: string;
}

export interface RouteMatch {
  route: RouteDef;
  name: string;
  pageId: PageId | null;
  /** Decoded path params, plus the route's defaults and the host's params (e.g. username). */
  params: RouteParams;
  table: RouteTableKind;
  redirect?: { location: string; status: 301 | 302 };
  /** A redirect route matched with an empty param: log invalidRedirectMessage(name), show 404. */
  invalidRedirect?: true;
}
