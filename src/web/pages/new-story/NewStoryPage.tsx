import { useEffect, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { EditorMessage } from '../../editor/EditorMessage.js';
import { callQuery } from '../../editor/server-calls.js';
import { StoryEditor } from '../../editor/StoryEditor.js';
import { REPOST_SOURCE_QUERY } from '../../graphql/editor-operations.js';
import type { PageProps } from '../../router/registry.js';
import type { Paragraph } from '../../../shared/paragraphs.js';
import { repostParagraphs, type RepostSource } from '../../editor/repost.js';
import { postIdFromSlug } from '../../../shared/routing/post-id.js';

/** /new-story (page id new-story): a blank editor; the draft is created by the first save. Also /new-story/repost/{repostId}. */
export default function NewStoryPage({ params }: PageProps) {
  const loadData = useBrowserData();
  const repostId = params.repostId !== undefined ? (postIdFromSlug(params.repostId) ?? '') : null;
  const [repost, setRepost] = useState<{ kind: 'loading' } | { kind: 'ready'; paragraphs: Paragraph[] } | { kind: 'missing'; message: string } | null>(
    repostId === null ? null : { kind: 'loading' },
  );

  useEffect(() => {
    if (repostId === null) return;
    let live = true;
    void callQuery<{ postResult: RepostSource }>(loadData, REPOST_SOURCE_QUERY, { postId: repostId }).then((r) => {
      if (!live) return;
      if (!r.ok) return setRepost({ kind: 'missing', message: r.offline ? 'You appear to be offline.' : r.message });
      const source = r.value.postResult;
      if (source.__typename !== 'Post') return setRepost({ kind: 'missing', message: 'The story to repost was not found.' });
      setRepost({ kind: 'ready', paragraphs: repostParagraphs(source) });
    });
    return () => {
      live = false;
    };
  }, [loadData, repostId]);

  if (repost?.kind === 'loading') return <EditorMessage>Loading the story to repost…</EditorMessage>;
  if (repost?.kind === 'missing') return <EditorMessage title="Nothing to repost">{repost.message}</EditorMessage>;
  return (
    <StoryEditor
      postId={null}
      baseRev={0}
      title=""
      subtitle=""
      paragraphs={repost?.kind === 'ready' ? repost.paragraphs : []}
      post={null}
      repostOfPostId={repost?.kind === 'ready' ? repostId : null}
    />
  );
}
