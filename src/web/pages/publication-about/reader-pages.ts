import type { DocumentNode } from 'graphql';
import {
  PUBLICATION_ABOUT_QUERY,
  PUBLICATION_ALL_QUERY,
  PUBLICATION_ARCHIVE_QUERY,
  PUBLICATION_FEATURE_PAGES_QUERY,
  PUBLICATION_FEATURE_QUERY,
  PUBLICATION_FEATURE_TAGGED_QUERY,
  PUBLICATION_FEATURED_QUERY,
  PUBLICATION_LATEST_QUERY,
  PUBLICATION_READER_PAGE_SIZE,
  PUBLICATION_TRENDING_QUERY,
} from '../../graphql/publication-reader-operations.js';
import { publicationVariables } from '../../components/publication/publication-key.js';
import { archiveVariables } from '../tag-archive/archive-params.js';

/** Which list a publication reader page shows, from its page id and route params. */
export type ReaderView =
  | { kind: 'about' }
  | { kind: 'latest' }
  | { kind: 'all'; page: number }
  | { kind: 'trending' }
  | { kind: 'featured' }
  | { kind: 'tagged'; tag: string; feature: string | null }
  | { kind: 'feature'; feature: string }
  | { kind: 'archive' }
  | { kind: 'feature-pages' };

const paging = { limit: PUBLICATION_READER_PAGE_SIZE };

export function readerView(pageId: string, params: Record<string, string>): ReaderView {
  if (pageId === 'publication-about' || pageId === 'community-publication-about') return { kind: 'about' };
  if (pageId === 'publication-tagged' || pageId === 'community-publication-tagged') return { kind: 'tagged', tag: (params.tagSlug ?? '').toLowerCase(), feature: params.featureSlug ?? null };
  if (pageId === 'community-publication-trending') return { kind: 'trending' };
  if (pageId === 'community-publication-archive') return { kind: 'archive' };
  if (pageId === 'community-publication-feature') return params.topicSlug !== undefined ? { kind: 'feature', feature: params.topicSlug } : { kind: 'featured' };
  if (pageId === 'publication-feature-pages' || pageId === 'publication-feature-page-editor') return { kind: 'feature-pages' };
  // /all/{page}: a page that is not a number is no page (0: 404). /latest and /all show the newest
  // with 'Show more'; the page tells /all by its address and adds the numbered pages' links.
  if (params.page !== undefined) return { kind: 'all', page: /^\d{1,6}$/.test(params.page) ? Number(params.page) : 0 };
  return { kind: 'latest' };
}

/** The query and variables of a reader page: the page definition's preload and the page's read alike. */
export function readerQuery(view: ReaderView, params: Record<string, string>): { query: DocumentNode; variables: Record<string, unknown> } {
  const key = publicationVariables(params);
  switch (view.kind) {
    case 'about':
      return { query: PUBLICATION_ABOUT_QUERY, variables: key };
    case 'latest':
      return { query: PUBLICATION_LATEST_QUERY, variables: { ...key, paging, tagSlug: null } };
    case 'all':
      return { query: PUBLICATION_ALL_QUERY, variables: { ...key, page: view.page } };
    case 'trending':
      return { query: PUBLICATION_TRENDING_QUERY, variables: key };
    case 'featured':
      return { query: PUBLICATION_FEATURED_QUERY, variables: key };
    case 'tagged':
      return view.feature === null
        ? { query: PUBLICATION_LATEST_QUERY, variables: { ...key, paging, tagSlug: view.tag } }
        : { query: PUBLICATION_FEATURE_TAGGED_QUERY, variables: { ...key, featureSlug: view.feature, tagSlug: view.tag, paging } };
    case 'feature':
      return { query: PUBLICATION_FEATURE_QUERY, variables: { ...key, topicSlug: view.feature, paging } };
    case 'archive': {
      const a = archiveVariables(params, PUBLICATION_READER_PAGE_SIZE);
      return { query: PUBLICATION_ARCHIVE_QUERY, variables: { ...key, year: a.year, month: a.month, day: a.day, paging: a.paging } };
    }
    case 'feature-pages':
      return { query: PUBLICATION_FEATURE_PAGES_QUERY, variables: key };
  }
}
