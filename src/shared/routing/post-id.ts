/**
 * Post ids are 12 lowercase hex characters (DESIGN.md §4). 8 to 16 are accepted so ids imported
 * from other platforms (Medium's are 12, some older ones are shorter) keep their URLs.
 */
export const POST_ID_PATTERN = /^[0-9a-f]{8,16}$/;

/** Reads the id from the last hyphen-separated part of a slug-like param, or null. */
export function postIdFromSlug(param: string): string | null {
  const last = param.slice(param.lastIndexOf('-') + 1);
  return POST_ID_PATTERN.test(last) ? last : null;
}

/** The slug-like param a post is linked with: 'why-we-write-1a2b3c4d5e6f', or the bare id. */
export function postSlugParam(titleSlug: string | null | undefined, postId: string): string {
  return titleSlug ? `${titleSlug}-${postId}` : postId;
}
