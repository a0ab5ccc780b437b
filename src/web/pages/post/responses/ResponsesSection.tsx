import { useCallback } from 'react';
import { THREADED_POST_RESPONSES_QUERY } from '../../../graphql/responses-operations.js';
import { usePageQuery } from '../../../graphql/use-page-query.js';
import { firstPageVariables } from './first-page.js';
import { useResponsesApi, type ResponseSortType, type ResponsesPageData } from './responses-api.js';
import type { ParagraphInputValue } from './response-text.js';
import { ResponsesThread } from './ResponsesThread.js';
import { responseCounts, useResponseCount } from '../response-count.js';

export interface ResponsesSectionProps {
  postId: string;
  /** The story's author: may hide responses to it. */
  postCreatorId: string;
  allowResponses: boolean;
  /** /p/{postId}/responses/new: the editor starts open, with the caret in it. */
  compose?: boolean;
  /** A highlighted passage the new response answers (?quote=). */
  quote?: { id: string; text: string } | null;
}

export const CLOSED_NOTICE = 'The author has closed discussion for this story.';

/**
 * The responses under a story (ResponsesThread). The first page comes with the page
 * (server-rendered); the count is shared with the story's action bars (response-count.ts).
 */
export function ResponsesSection({ postId, postCreatorId, allowResponses, compose = false, quote = null }: ResponsesSectionProps) {
  const api = useResponsesApi();
  const first = usePageQuery<ResponsesPageData>(THREADED_POST_RESPONSES_QUERY, firstPageVariables(postId))?.threadedPostResponses;
  const fetchedCount = first?.responsesCount ?? 0;
  const count = useResponseCount(postId, fetchedCount);
  const changeCount = useCallback((change: (n: number) => number) => responseCounts.set(postId, change(responseCounts.get(postId) ?? fetchedCount)), [postId, fetchedCount]);
  const loadPage = useCallback((sortType: ResponseSortType, to: string | null) => api.page(postId, sortType, to), [api, postId]);
  const publish = (paragraphs: ParagraphInputValue[]) => api.publish(postId, paragraphs, quote?.id ?? null);
  return (
    <ResponsesThread
      first={first}
      api={api}
      loadPage={loadPage}
      publish={publish}
      parentCreatorId={postCreatorId}
      open={allowResponses}
      closedNotice={CLOSED_NOTICE}
      count={count}
      changeCount={changeCount}
      compose={compose}
      quote={quote?.text}
    />
  );
}
