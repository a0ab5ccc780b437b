import { profileHref } from '../../lib/profile-href.js';
/**
 * How a profile page names its user: by username (/@{username}, or the host on a profile
 * subdomain, which the router puts in params.username) or by id (/u/{id}).
 */
export type ProfileLookup = { username: string } | { id: string };

export function profileLookup(params: Record<string, string>): ProfileLookup {
  return params.username !== undefined ? { username: params.username } : { id: params.id ?? '' };
}

/** The canonical base of a user's pages: /@{username}, or /u/{id} when they have no username. */

/** Variables for a profile query: the lookup, plus a page cursor after the first page. */
export const pageVariables = (lookup: ProfileLookup, to?: string | null): Record<string, unknown> => (to ? { ...lookup, to } : { ...lookup });

/**
 * The base of a user's pages where the reader is: '' on their own profile subdomain (the
 * user-domain table serves /about, /followers… at the root, spec §2.2), else profileBase.
 * Any path there that is not /@…, /u/… or /me/… is the subdomain's own.
 */
export function baseHere(user: { id: string; username: string | null }, pathname: string): string {
  const main = pathname.startsWith('/@') || pathname.startsWith('/u/') || pathname.startsWith('/me/');
  return user.username && !main ? '' : profileHref(user);
}
