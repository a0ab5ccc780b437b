import { EditorMessage } from '../../editor/EditorMessage.js';
import { StoryEditor } from '../../editor/StoryEditor.js';
import { useEditablePost } from '../../editor/use-editable-post.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import { postIdFromSlug } from '../../../shared/routing/post-id.js';

/**
 * /p/{postId}/edit (page id post-edit) and /p/{postId}/revert/{versionId}/{baseRev}, which
 * opens the same editor with the revision history on that version.
 */
export default function PostEditPage({ params }: PageProps) {
  const loaded = useEditablePost(postIdFromSlug(params.postId ?? '') ?? '');

  if (loaded.kind === 'loading') return <EditorMessage>Loading your story…</EditorMessage>;
  if (loaded.kind === 'missing') {
    return (
      <EditorMessage title="This story is not yours to edit">
        It does not exist, or it belongs to someone else. <Link href="/me/stories">Your stories</Link>
      </EditorMessage>
    );
  }
  if (loaded.kind === 'failed') {
    return (
      <EditorMessage title="The story could not be loaded">
        {loaded.message} <a href={typeof window === 'undefined' ? '' : window.location.pathname}>Try again</a>
      </EditorMessage>
    );
  }
  const { post } = loaded;
  const versionId = Number(params.versionId);
  const baseRev = Number(params.baseRev);
  const history = Number.isInteger(versionId) && versionId > 0 ? { rev: versionId, baseRev: Number.isInteger(baseRev) ? baseRev : post.latestRev } : null;
  return <StoryEditor postId={post.id} baseRev={post.latestRev} title={post.title} subtitle={post.subtitle} paragraphs={post.paragraphs} post={post} history={history} />;
}
