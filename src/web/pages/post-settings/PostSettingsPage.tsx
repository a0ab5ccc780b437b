import { useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { useToast } from '../../components/toast/index.js';
import { publishInput, settingsOf, storyImages, storyPath, type EditablePost, type StorySettings } from '../../editor/editable-post.js';
import { StorySettingsForm } from '../../editor/publish/StorySettingsForm.js';
import { PreviewImagePicker } from '../../editor/publish/PreviewImagePicker.js';
import { tagsWithDraft } from '../../editor/publish/tags.js';
import { callMutation } from '../../editor/server-calls.js';
import { useEditablePost } from '../../editor/use-editable-post.js';
import { UPDATE_POST_SETTINGS } from '../../graphql/editor-operations.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import { postIdFromSlug } from '../../../shared/routing/post-id.js';
import writingPage from '../../editor/writing-page.module.css';
import styles from './PostSettingsPage.module.css';
import { PublicationSection } from './PublicationSection.js';
import { NewsletterSendSection } from './NewsletterSendSection.js';

function SettingsEditor({ post }: { post: EditablePost }) {
  const loadData = useBrowserData();
  const toast = useToast();
  const [settings, setSettings] = useState<StorySettings>(() => settingsOf(post));
  const [tagDraft, setTagDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const images = storyImages(post.paragraphs);

  const save = async () => {
    const { tags, error: tagError } = tagsWithDraft(settings.tags, tagDraft);
    if (tagError) return setError(tagError);
    setSettings({ ...settings, tags });
    setTagDraft('');
    setBusy(true);
    setError(null);
    const r = await callMutation<{ __typename: string; message?: string }>(loadData, UPDATE_POST_SETTINGS, { postId: post.id, input: publishInput({ ...settings, tags }, post) }, 'updatePostSettings');
    setBusy(false);
    if (!r.ok) return setError(r.offline ? 'Not saved: you appear to be offline.' : r.message);
    if (r.value.__typename !== 'Post') return setError(r.value.message ?? 'The settings could not be saved.');
    toast.show({ message: 'Story settings saved.', toastStyle: 'SUCCESS' });
  };

  return (
    <>
      {images.length > 0 && (
        <section className={styles.section}>
          <h2 className={styles.sectionTitle}>Preview image</h2>
          <p className={styles.help}>Shown with the story in lists and when it is shared.</p>
          <PreviewImagePicker images={images} value={settings.previewImageId} onChange={(id) => setSettings({ ...settings, previewImageId: id })} />
        </section>
      )}
      <section className={styles.section}>
        <StorySettingsForm value={settings} onChange={setSettings} tagDraft={tagDraft} onTagDraftChange={setTagDraft} />
      </section>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <LoadingButton variant="accent" loading={busy} loadingLabel="Saving" onClick={() => void save()}>
          Save settings
        </LoadingButton>
        {post.hasUnpublishedEdits && <p className={styles.help}>Edits to the text are published from the editor.</p>}
      </div>
    </>
  );
}

/** /p/{postId}/settings (page id post-settings): a published story's tags, visibility, responses, license and preview image; the publication it is submitted to. */
export default function PostSettingsPage({ params }: PageProps) {
  const loaded = useEditablePost(postIdFromSlug(params.postId ?? '') ?? '');

  return (
    <div className={writingPage.page}>
      <h1 className={writingPage.heading}>Story settings</h1>
      {loaded.kind === 'loading' && <p className={styles.help}>Loading…</p>}
      {loaded.kind === 'missing' && <p role="alert">This story does not exist, or it is not yours.</p>}
      {loaded.kind === 'failed' && <p role="alert">{loaded.message}</p>}
      {loaded.kind === 'ready' && (
        <>
          <p className={styles.storyTitle}>
            {loaded.post.title || 'Untitled story'} · <Link href={`/p/${loaded.post.id}/edit`}>Edit story</Link>
            {loaded.post.isPublished && (
              <>
                {' '}
                · <a href={storyPath(loaded.post.mediumUrl)}>View story</a>
              </>
            )}
          </p>
          {loaded.post.isPublished ? (
            <SettingsEditor post={loaded.post} />
          ) : (
            <p className={styles.help}>This story is a draft: its tags, visibility, responses and license are chosen when you publish it from the editor.</p>
          )}
          {loaded.post.isPublished && <NewsletterSendSection postId={loaded.post.id} />}
          <PublicationSection postId={loaded.post.id} />
        </>
      )}
    </div>
  );
}
