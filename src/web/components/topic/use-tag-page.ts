import type { DocumentNode } from 'graphql';
import { usePageQuery } from '../../graphql/use-page-query.js';
import type { TopicTag } from './TopicHeader.js';

export type TagPageData<T> = TopicTag & { relatedTags: TopicTag[] } & T;

/** A tag page's data (TagResult): the tag with its header fields and the page's list; null for NotFound. */
export function useTagPage<T>(query: DocumentNode, variables: Record<string, unknown>): TagPageData<T> | null {
  const data = usePageQuery<{ tagResult: ({ __typename: 'Tag' } & TagPageData<T>) | { __typename: 'NotFound' } }>(query, variables);
  const tag = data?.tagResult;
  return tag && tag.__typename === 'Tag' ? tag : null;
}
