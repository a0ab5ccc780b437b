import type { PostPreview } from '../post-card/PostCard.js';

/** Items a list page shows at a time; 'Show more' asks for the next as many. */
export const CATALOG_PAGE_SIZE = 25;

/** The list pages' preload variables: the list by its slugId, its first page of items. */
export const catalogPageVariables = (params: Record<string, string>) => ({ catalogId: params.catalogSlugId ?? '', limit: CATALOG_PAGE_SIZE });

/** The embed's preload variables. */
export const embedVariables = (params: Record<string, string>) => ({ catalogId: params.catalogSlugId ?? '' });

/** The CatalogPage_item fragment (graphql/catalog-page-operations.ts). */
export interface CatalogPageItem {
  catalogItemId: string;
  note: string | null;
  addedAt: number;
  /** The owner's tombstone: the story's title when it is no longer available; null for others. */
  tombstoneTitle: string | null;
  /** Null when the story was deleted or made private (a tombstone). */
  post: PostPreview | null;
}

/** The CatalogPage_catalog fragment. */
export interface CatalogPageCatalog {
  id: string;
  name: string;
  description: string;
  slugId: string;
  visibility: 'PUBLIC' | 'PRIVATE';
  predefined: string | null;
  version: string;
  itemsCount: number;
  followersCount: number;
  viewerIsFollowing: boolean;
  viewerIsOwner: boolean;
  coverImageIds: string[];
  createdAt: number;
  creator: { id: string; name: string; username: string | null; imageId: string | null; bio: string };
}

export interface CatalogItemsPage {
  items: CatalogPageItem[];
  next: string | null;
}

/** CatalogPageQuery's data. */
export interface CatalogPageData {
  viewer: { id: string } | null;
  catalogById: (CatalogPageCatalog & { items: CatalogItemsPage }) | null;
}

/** Spec §2.3: the public page of a list, /@{username}/list/{catalogSlugId}. */
export const publicCatalogPath = (c: { slugId: string; creator: { username: string | null } }) =>
  c.creator.username ? `/@${encodeURIComponent(c.creator.username)}/list/${encodeURIComponent(c.slugId)}` : null;

/** The owner's page of a list, /me/list/{catalogSlugId}. */
export const yourCatalogPath = (c: { slugId: string }) => `/me/list/${encodeURIComponent(c.slugId)}`;

/** The embed of a list, /embed/list/{catalogSlugId}. */
export const embedCatalogPath = (c: { slugId: string }) => `/embed/list/${encodeURIComponent(c.slugId)}`;

/** 'N stories' as a list's header says it. */
export const storiesCount = (n: number) => `${n} ${n === 1 ? 'story' : 'stories'}`;

/** Spec §2.5 tombstone text: a story in a list that was deleted or made private. */
export const TOMBSTONE_TEXT = 'This story is no longer available';
