import { useMemo } from 'react';
import type { Paragraph } from '../../../../shared/paragraphs.js';
import { useBrowserData } from '../../../apollo/browser-data-context.js';
import { mutateField } from '../../../apollo/mutate.js';
import {
  HIDE_POST_RESPONSE_MUTATION,
  MORE_REPLIES_QUERY,
  PUBLISH_RESPONSE_MUTATION,
  RESPONSE_QUOTE_QUERY,
  THREADED_POST_RESPONSES_QUERY,
  UNHIDE_POST_RESPONSE_MUTATION,
} from '../../../graphql/responses-operations.js';
import type { ParagraphInputValue } from './response-text.js';

export type ResponseSortType = 'MOST_RELEVANT' | 'MOST_RECENT';

export interface PagingInfo {
  next: { limit: number; to: string | null } | null;
}

/** A response as its card shows it (ResponseFields_post). */
export interface ResponsePost {
  id: string;
  mediumUrl: string;
  firstPublishedAt: number | null;
  clapCount: number;
  viewerClapCount: number;
  responseDepth: number;
  inResponseToPostId: string | null;
  isHiddenByParentAuthor: boolean;
  postResponses: { count: number };
  creator: { id: string; name: string; username: string | null; imageId: string | null };
  inResponseToQuote: { id: string; text: string } | null;
  content: { bodyModel: { paragraphs: Paragraph[] } };
  /** The first replies, on a page of responses. */
  threadedReplies?: { posts: ResponsePost[]; pagingInfo: PagingInfo };
}

export interface ResponsesPageData {
  threadedPostResponses: { responsesCount: number; posts: ResponsePost[]; pagingInfo: PagingInfo } | null;
}

export const TRY_AGAIN = 'Your response could not be published. Please try again.';

/** The calls of the responses section, through Apollo Client (loaded on first use). */
export function useResponsesApi() {
  const loadData = useBrowserData();
  return useMemo(
    () => ({
      async page(postId: string, sortType: ResponseSortType, to: string | null) {
        const { client } = await loadData();
        const { data } = await client.query({ query: THREADED_POST_RESPONSES_QUERY, variables: { postId, sortType, to }, fetchPolicy: 'network-only' });
        return (data as ResponsesPageData | undefined)?.threadedPostResponses ?? null;
      },
      async replies(postId: string, to: string | null) {
        const { client } = await loadData();
        const { data } = await client.query({ query: MORE_REPLIES_QUERY, variables: { postId, to }, fetchPolicy: 'network-only' });
        return (data as { post: { threadedReplies: { posts: ResponsePost[]; pagingInfo: PagingInfo } } | null } | undefined)?.post?.threadedReplies ?? null;
      },
      async quote(postId: string, quoteId: string) {
        const { client } = await loadData();
        const { data } = await client.query({ query: RESPONSE_QUOTE_QUERY, variables: { quoteId } });
        const quote = (data as { quote: { id: string; postId: string; text: string } | null } | undefined)?.quote;
        // Only a passage of this story: a response quotes what it answers.
        return quote && quote.postId === postId ? { id: quote.id, text: quote.text } : null;
      },
      /** The new response, or the message to show. */
      async publish(inResponseToPostId: string, paragraphs: ParagraphInputValue[], inResponseToQuoteId: string | null): Promise<ResponsePost | string> {
        const result = await mutateField(loadData, PUBLISH_RESPONSE_MUTATION, { inResponseToPostId, paragraphs, inResponseToQuoteId }, 'publishResponse');
        if (!result) return TRY_AGAIN;
        if (result.__typename === 'Post') return result as unknown as ResponsePost;
        return result.message ?? TRY_AGAIN;
      },
      /** True when the response is now hidden (or shown, for hidden = false). */
      async setHidden(parentPostId: string, postResponseId: string, hidden: boolean): Promise<boolean> {
        const mutation = hidden ? HIDE_POST_RESPONSE_MUTATION : UNHIDE_POST_RESPONSE_MUTATION;
        const result = await mutateField(loadData, mutation, { parentPostId, postResponseId }, hidden ? 'hidePostResponse' : 'unhidePostResponse');
        return result?.__typename === 'Post';
      },
    }),
    [loadData],
  );
}

export type ResponsesApi = ReturnType<typeof useResponsesApi>;
