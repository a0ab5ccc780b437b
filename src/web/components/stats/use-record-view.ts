import { useEffect } from 'react';

/** modules/stats/http.ts STORY_VIEW_PATH. */
const STORY_VIEW_PATH = '/_/stats/view';

/** Spec §1: bots receive no analytics (the server checks the User-Agent too). */
const looksLikeBot = () => /bot|crawl|spider|slurp|headless/i.test(navigator.userAgent);

/**
 * Tells the server the story was shown (publication and story stats). The page may come from the
 * logged-out page cache, so the view is counted from here, once per page view; the server counts a
 * visitor once per story and UTC day. The writer's own views are not sent (nor counted).
 */
export function useRecordView(postId: string, creatorId: string, viewer: { id: string; xsrf: string } | null): void {
  const viewerId = viewer?.id ?? null;
  const xsrf = viewer?.xsrf ?? null;
  useEffect(() => {
    if (viewerId === creatorId || looksLikeBot()) return;
    void fetch(STORY_VIEW_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', ...(xsrf ? { 'x-xsrf-token': xsrf } : {}) },
      body: JSON.stringify({ postId }),
    }).catch(() => {}); // The story reads fine without it.
  }, [postId, creatorId, viewerId, xsrf]);
}
