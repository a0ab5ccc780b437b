import { useEffect, useState } from 'react';
import { useBrowserData } from '../apollo/browser-data-context.js';
import { POST_FOR_EDITING_QUERY } from '../graphql/editor-operations.js';
import { editablePostFromResult, type EditablePost } from './editable-post.js';
import { callQuery } from './server-calls.js';

export type LoadedPost = { kind: 'loading' } | { kind: 'ready'; post: EditablePost } | { kind: 'missing' } | { kind: 'failed'; message: string };

/**
 * The story as its author edits it, read from the server when the page opens (never
 * from a cache: the editor saves on top of the revision it starts from). Anyone but the
 * author (or staff) gets 'missing'.
 */
export function useEditablePost(postId: string): LoadedPost {
  const loadData = useBrowserData();
  const [loaded, setLoaded] = useState<LoadedPost>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    void callQuery<{ postForEditing: Record<string, unknown> & { __typename: string } }>(loadData, POST_FOR_EDITING_QUERY, { id: postId }).then((r) => {
      if (!live) return;
      if (!r.ok) return setLoaded({ kind: 'failed', message: r.offline ? 'The story could not be loaded: you appear to be offline.' : r.message });
      const result = r.value.postForEditing;
      setLoaded(result.__typename === 'EditablePost' ? { kind: 'ready', post: editablePostFromResult(result) } : { kind: 'missing' });
    });
    return () => {
      live = false;
    };
  }, [loadData, postId]);
  return loaded;
}
