import type { ApolloClient } from '@apollo/client';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { DELETE_POST_MUTATION, UNDELETE_POST_MUTATION, YOUR_STORIES_COUNTS_QUERY } from '../../graphql/library-operations.js';
import type { YourStoriesFilter } from './your-stories-tabs.js';

/** The YourStory_item fragment's shape (src/web/graphql/library-operations.ts). */
export interface YourStoryItem {
  id: string;
  filterBy: YourStoriesFilter;
  previewText: string;
  deletedAt: number | null;
  permanentlyDeletedAt: number | null;
  post: {
    id: string;
    title: string;
    readingTime: number;
    firstPublishedAt: number | null;
    latestPublishedAt: number | null;
    updatedAt: number;
    visibility: 'PUBLIC' | 'UNLISTED' | 'LOCKED' | 'PRIVATE';
    isLocked: boolean;
    /** The story a response answers (null for a story, or when the reader can no longer read it). */
    inResponseToPost: { id: string; title: string; mediumUrl: string } | null;
  };
}

export type TrashResult = { ok: true; story: YourStoryItem } | { ok: false; message: string };

const TRY_AGAIN = 'Something went wrong. Please try again.';

/**
 * A story moved into or out of the trash, from any part of the page (the story's menu, a
 * list, a toast's Undo): Your stories listens and moves it between its tabs.
 */
type Listener = (story: YourStoryItem) => void;
const listeners = new Set<Listener>();

export function useStoryMoved(listener: Listener): void {
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => {
    const l: Listener = (s) => ref.current(s);
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
}

/**
 * Lists and counts cached for other tabs, and the story as readers saw it, are stale now:
 * forgotten, so the next visit asks again (a page on screen reading them refetches).
 */
function forgetStories(client: ApolloClient, postId: string): void {
  client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'yourStories' });
  client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'yourStoriesCounts' });
  client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'postResult', args: { id: postId } });
  client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'post', args: { id: postId } });
  client.cache.gc();
}

/** DeletePost and UndeletePostMutation (spec §7) for the browser. */
export function useTrash() {
  const loadData = useBrowserData();
  const run = useCallback(
    async (mutation: typeof DELETE_POST_MUTATION, field: 'deletePost' | 'undeletePost', postId: string): Promise<TrashResult> => {
      const result = await mutateField(loadData, mutation, { targetPostId: postId }, field);
      if (!result) return { ok: false, message: TRY_AGAIN };
      if (result.__typename !== 'YourStory') return { ok: false, message: result.message ?? TRY_AGAIN };
      const story = result as unknown as YourStoryItem;
      forgetStories((await loadData()).client, postId);
      for (const l of listeners) l(story);
      return { ok: true, story };
    },
    [loadData],
  );
  return useMemo(
    () => ({
      deletePost: (postId: string) => run(DELETE_POST_MUTATION, 'deletePost', postId),
      undeletePost: (postId: string) => run(UNDELETE_POST_MUTATION, 'undeletePost', postId),
    }),
    [run],
  );
}

export type YourStoriesCounts = Record<YourStoriesFilter, number>;

/** The tab counts as they are now (after a move), or null when the request failed. */
export async function fetchYourStoriesCounts(client: ApolloClient): Promise<YourStoriesCounts | null> {
  try {
    const { data } = await client.query({ query: YOUR_STORIES_COUNTS_QUERY, fetchPolicy: 'network-only' });
    return (data as { yourStoriesCounts: YourStoriesCounts | null } | undefined)?.yourStoriesCounts ?? null;
  } catch {
    return null;
  }
}
