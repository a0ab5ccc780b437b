/**
 * Rows → Algolia hits (the H7/H8 contract per index), with attributesToRetrieve,
 * _highlightResult and _snippetResult. A member-only story's body is `content` only for a
 * reader who may read it; for anyone else `content`, its highlight and its snippet are the
 * preview (posts/policies.ts), so no locked word ever leaves the server.
 */
import type { Paragraph } from '../../shared/paragraphs.js';
import type { SearchParams } from './params.js';
import { catalogSlugId } from '../catalogs/queries.js';
import type { CollectionHitRow } from './collections-search.js';
import type { ListHitRow } from './lists-search.js';
import type { PostHitRow } from './posts-search.js';
import type { TagHitRow } from './tags-search.js';
import { highlight, snippet, type HighlightTags, type QueryWords } from './text.js';
import type { UserHitRow } from './users-search.js';

export type Hit = Record<string, unknown> & { objectID: string };

/** Characters of `content` a hit carries when retrieved (a snippet is the way to show body text). */
const CONTENT_CHARS = 1000;

/** Attributes searched per index: highlighted by default when retrieved. `content` only when asked for. */
export const SEARCHABLE: Record<string, string[]> = {
  posts: ['title', 'subtitle', 'tags', 'content'],
  users: ['name', 'username', 'bio'],
  tags: ['displayText'],
  collections: ['name', 'description'],
  lists: ['name', 'description'],
};

const ms = (d: Date | null) => (d ? new Date(d).getTime() : null);

const bodyText = (paragraphs: Paragraph[]) =>
  paragraphs
    .map((p) => p.text)
    .filter((t) => t && t.trim() !== '')
    .join(' ');

export function postHit(row: PostHitRow): { hit: Hit; readable: string } {
  const readable = row.paragraphs ? bodyText(row.paragraphs) : row.preview_text;
  const uniqueSlug = row.slug ? `${row.slug}-${row.post_id}` : row.post_id;
  return {
    readable,
    hit: {
      objectID: row.post_id,
      postId: row.post_id,
      title: row.title,
      subtitle: row.subtitle,
      uniqueSlug,
      // A story in a publication lives under it (the post page redirects its other addresses there).
      mediumUrl: row.collection_slug ? `/${row.collection_slug}/${uniqueSlug}` : row.username ? `/@${row.username}/${uniqueSlug}` : `/p/${row.post_id}`,
      firstPublishedAt: ms(row.first_published_at),
      latestPublishedAt: ms(row.latest_published_at),
      readingTime: row.reading_time,
      clapCount: row.clap_count,
      isLocked: row.is_locked,
      creator: { id: row.creator_id, name: row.name, username: row.username, imageId: row.image_id },
      creatorId: row.creator_id,
      previewImageId: row.preview_image?.id ?? null,
      tags: row.tags,
      collectionId: row.collection_id,
      content: readable.slice(0, CONTENT_CHARS),
    },
  };
}

export const userHit = (row: UserHitRow): Hit => ({
  objectID: row.user_id,
  userId: row.user_id,
  name: row.name,
  username: row.username,
  bio: row.bio,
  imageId: row.image_id,
  followerCount: row.follower_count,
});

export const tagHit = (row: TagHitRow): Hit => ({
  objectID: row.slug,
  displayText: row.display_title,
  tagSlug: row.slug,
  postCount: row.post_count,
  followerCount: row.follower_count,
});

/** A publication found: its home is /{slug}. */
export const collectionHit = (row: CollectionHitRow): Hit => ({
  objectID: row.collection_id,
  collectionId: row.collection_id,
  name: row.name,
  slug: row.slug,
  description: row.description,
  tags: row.tags,
  imageId: row.avatar_image_id,
  followerCount: row.followers_count,
  url: `/${row.slug}`,
});

/** A list found: its public page is /@{username}/list/{slugId} (/u/{id}/… for a writer without a username). */
export function listHit(row: ListHitRow): Hit {
  const slugId = catalogSlugId({ id: row.catalog_id, name: row.name, predefined: row.predefined });
  return {
    objectID: row.catalog_id,
    catalogId: row.catalog_id,
    name: row.name,
    description: row.description,
    slugId,
    url: `${row.username ? `/@${row.username}` : `/u/${row.user_id}`}/list/${slugId}`,
    itemCount: row.items_count,
    followerCount: row.followers_count,
    updatedAt: ms(row.updated_at),
    creator: { id: row.user_id, name: row.user_name, username: row.username, imageId: row.image_id },
    creatorId: row.user_id,
  };
}

/** Attributes a hit keeps: attributesToRetrieve ('*' = all but `content`, which must be named). */
function retrieved(indexName: string, hit: Hit, p: SearchParams): Set<string> {
  const all = Object.keys(hit).filter((k) => k !== 'content');
  const asked = p.attributesToRetrieve;
  if (asked === null) return new Set(all);
  const out = new Set<string>(['objectID']);
  for (const a of asked) {
    if (a === '*') all.forEach((k) => out.add(k));
    else if (a.startsWith('-')) out.delete(a.slice(1));
    else if (a in hit) out.add(a.split('.')[0]!);
  }
  if (asked.includes('*')) for (const a of asked) if (a.startsWith('-')) out.delete(a.slice(1));
  void indexName;
  return out;
}

/** The hit as the client receives it. `readable` is the body text this reader may see (posts). */
export function shapeHit(indexName: string, hit: Hit, p: SearchParams, q: QueryWords, readable = ''): Hit {
  const keep = retrieved(indexName, hit, p);
  const out: Hit = { objectID: hit.objectID };
  for (const k of keep) if (k in hit) out[k] = hit[k];
  const tags: HighlightTags = { pre: p.highlightPreTag, post: p.highlightPostTag };
  const searchable = SEARCHABLE[indexName] ?? [];
  const source = (attr: string): unknown => (attr === 'content' ? readable : hit[attr]);
  const toHighlight = p.attributesToHighlight === null ? searchable.filter((a) => keep.has(a)) : p.attributesToHighlight.includes('*') ? searchable.filter((a) => a !== 'content' || keep.has(a)) : p.attributesToHighlight.filter((a) => searchable.includes(a));
  const hl: Record<string, unknown> = {};
  for (const attr of toHighlight) {
    const value = source(attr);
    if (typeof value === 'string') hl[attr] = highlight(attr === 'content' ? value.slice(0, CONTENT_CHARS) : value, q, tags);
    else if (Array.isArray(value)) hl[attr] = value.map((v) => highlight(String(v), q, tags));
  }
  if (Object.keys(hl).length > 0) out._highlightResult = hl;
  const sn: Record<string, unknown> = {};
  for (const { attribute, words } of p.attributesToSnippet) {
    const value = source(attribute);
    if (typeof value === 'string') sn[attribute] = snippet(value, q, tags, words, p.snippetEllipsisText);
  }
  if (Object.keys(sn).length > 0) out._snippetResult = sn;
  return out;
}
