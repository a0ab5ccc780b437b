import { createKnownValues } from '../../lib/known-values.js';

/**
 * A story's response count as this browser knows it, by post id: the responses section
 * changes it (a response published, hidden or deleted, a page loaded) and the action bars
 * above and below the story show it at once.
 */
export const responseCounts = createKnownValues<number>();

export function useResponseCount(postId: string, fetched: number): number {
  return responseCounts.use(postId, fetched);
}
