import { createHmac, timingSafeEqual } from 'node:crypto';

/** The query parameter of a friend link: /@writer/story-id?sk=… */
export const FRIEND_LINK_PARAM = 'sk';
const KEY_CHARS = 22; // 132 bits of the HMAC, base64url

/**
 * A friend link's key for one story (spec-adjacent: the author's Share menu → Friend link): an
 * HMAC of the story id under the site's secret, so it opens that story only and cannot be made
 * without the secret. It does not expire; changing the secret ends every link at once.
 */
export function friendLinkKey(secret: Buffer, postId: string): string {
  return createHmac('sha256', secret).update(`friend-link v1:${postId}`).digest('base64url').slice(0, KEY_CHARS);
}

export function isFriendLinkKey(secret: Buffer, postId: string, key: string): boolean {
  if (key.length !== KEY_CHARS) return false;
  return timingSafeEqual(Buffer.from(friendLinkKey(secret, postId)), Buffer.from(key));
}

/** ?sk=… of a path and query, or null. */
function keyInPath(pathAndQuery: string | undefined): string | null {
  if (!pathAndQuery) return null;
  const q = pathAndQuery.indexOf('?');
  if (q < 0 || !pathAndQuery.includes(`${FRIEND_LINK_PARAM}=`, q)) return null;
  const key = new URLSearchParams(pathAndQuery.slice(q + 1)).get(FRIEND_LINK_PARAM);
  return key && key.length === KEY_CHARS ? key : null;
}

/**
 * The friend-link key a request arrives with: in the page's own URL when the server renders it,
 * or, for the page's later GraphQL requests, in the page address the browser sends with them
 * (the inkwell-path header). Only a key signed for the story asked about opens anything.
 */
export function friendLinkKeyOfRequest(url: string, pageHeader: string | string[] | undefined): string | null {
  return keyInPath(url) ?? keyInPath(typeof pageHeader === 'string' ? pageHeader : undefined);
}
