/** Hits of the search endpoint, per index (the contract of src/modules/search's endpoint). */
export interface HighlightValue {
  value: string;
  matchLevel?: 'none' | 'partial' | 'full';
}

interface BaseHit {
  objectID: string;
  _highlightResult?: Record<string, HighlightValue | undefined>;
}

export interface PostHit extends BaseHit {
  title: string;
  subtitle?: string | null;
  postId: string;
  uniqueSlug?: string;
  mediumUrl: string;
  latestPublishedAt?: number | string | null;
  firstPublishedAt?: number | string | null;
  readingTime?: number;
  clapCount?: number;
  isLocked?: boolean;
  creator: { id: string; name: string; username: string | null; imageId: string | null };
  previewImageId?: string | null;
  tags?: string[];
}

export interface UserHit extends BaseHit {
  userId: string;
  name: string;
  username: string | null;
  bio?: string | null;
  imageId?: string | null;
  followerCount?: number;
}

export interface CollectionHit extends BaseHit {
  collectionId?: string;
  name: string;
  slug?: string;
  description?: string | null;
  imageId?: string | null;
}

export interface TagHit extends BaseHit {
  displayText: string;
  tagSlug: string;
  postCount?: number;
  followerCount?: number;
}

/** A public list with stories; `url` is its public page (/@{username}/list/{slugId}). */
export interface ListHit extends BaseHit {
  catalogId: string;
  name: string;
  description?: string | null;
  slugId: string;
  url: string;
  itemCount: number;
  followerCount?: number;
  creator: { id: string; name: string; username: string | null; imageId: string | null };
}

export interface HitsByIndex {
  posts: PostHit;
  users: UserHit;
  collections: CollectionHit;
  tags: TagHit;
  lists: ListHit;
}

export interface SearchResult<H = unknown> {
  hits: H[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  query: string;
  /** 32 hex; present when the request asked for click analytics. */
  queryID?: string;
  index?: string;
}
