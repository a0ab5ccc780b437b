import { buildRoute } from './build.js';
import type { RouteTableKind } from './types.js';

export interface HostTable {
  kind: RouteTableKind;
  /** Set for a profile subdomain ('ann' for ann.example.com). */
  username?: string;
  /** Set for any other host, without port: a custom domain of a publication or a user. */
  domain?: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function parseHost(host: string): { hostname: string; port: string } {
  const value = host.trim().toLowerCase();
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(value);
  const hostname = (m?.[1] ?? value).replace(/\.$/, '');
  let port = m?.[2] ?? '';
  // A Host header omits default ports; a configured main host may spell them out.
  if (port === '80' || port === '443') port = '';
  return { hostname, port };
}

/**
 * Picks the route table for a request's Host header (spec §2.2). Loopback names on the main
 * host's port count as the main host, so local tools and health checks never look like a custom
 * domain. 'www.' in front of the main host is the main host too.
 */
export function tableForHost(host: string, mainHost: string): HostTable {
  const h = parseHost(host);
  const main = parseHost(mainHost);
  if (!h.hostname) return { kind: 'default' };
  if (h.port === main.port) {
    if (h.hostname === main.hostname || h.hostname === `www.${main.hostname}`) return { kind: 'default' };
    if (LOOPBACK.has(h.hostname)) return { kind: 'default' };
    const suffix = `.${main.hostname}`;
    if (h.hostname.endsWith(suffix)) {
      const label = h.hostname.slice(0, -suffix.length);
      if (label && !label.includes('.')) return { kind: 'user-domain', username: label };
    }
  }
  return { kind: 'publication-domain', domain: h.hostname };
}

function originParts(mainOrigin: string): { protocol: string; host: string; origin: string } {
  const url = new URL(mainOrigin);
  return { protocol: url.protocol, host: url.host, origin: url.origin };
}

export interface ProfileLinkTarget {
  id: string;
  username?: string | null;
  hasSubdomain?: boolean | null;
  /** The live custom domain, if any. */
  customDomain?: string | null;
}

/**
 * Spec §2.2 profile URL: the live custom domain when present, else the username subdomain, else
 * host/@username, else host/u/{id}.
 */
export function profileUrl(user: ProfileLinkTarget, opts: { mainOrigin: string }): string {
  const { protocol, host, origin } = originParts(opts.mainOrigin);
  if (user.customDomain) return `${protocol}//${user.customDomain}/`;
  if (user.username && user.hasSubdomain) return `${protocol}//${user.username}.${host}/`;
  if (user.username) return origin + buildRoute('ShowUser', { username: user.username });
  return origin + buildRoute('ShowUserById', { id: user.id });
}

export interface PublicationLinkTarget {
  id: string;
  slug?: string | null;
  customDomain?: string | null;
}

/** Spec §2.3: publications with a custom domain use that domain; otherwise /{slug}, or /c/{id}. */
export function publicationUrl(publication: PublicationLinkTarget, opts: { mainOrigin: string }): string {
  const { protocol, origin } = originParts(opts.mainOrigin);
  if (publication.customDomain) return `${protocol}//${publication.customDomain}/`;
  if (publication.slug) return origin + buildRoute('ShowCollectionHome', { collectionSlug: publication.slug });
  return origin + buildRoute('ShowCollectionHomeById', { collectionId: publication.id });
}
