import { useId, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { useSite } from '../../app-context.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { Modal } from '../../components/modal/index.js';
import { PUBLISH_POST } from '../../graphql/editor-operations.js';
import { imageUrl } from '../../../shared/images.js';
import type { ImageMetadata } from '../../../shared/paragraphs.js';
import { STORY_LIMITS } from '../../../shared/story-limits.js';
import { publishInput, settingsOf, storyPath, type EditablePost, type StorySettings } from '../editable-post.js';
import { callMutation } from '../server-calls.js';
import { StorySettingsForm } from './StorySettingsForm.js';
import { PreviewImagePicker } from './PreviewImagePicker.js';
import { tagsWithDraft } from './tags.js';
import { NewsletterEmailOption, saveNewsletterChoice, useNewsletterEmail } from './NewsletterEmailOption.js';
import styles from './publish.module.css';

export interface PublishDialogProps {
  postId: string;
  /** The story's current settings; null for a draft never loaded with them (a new story). */
  post: EditablePost | null;
  title: string;
  subtitle: string;
  images: ImageMetadata[];
  onClose(): void;
  /** Published: the story's path. */
  onPublished(path: string): void;
}

type PublishResult = { __typename: 'Post' | 'NotFound' | 'BadRequest'; mediumUrl?: string; message?: string };

/**
 * Medium's publish screen: on the left how the story shows in lists (preview image, title,
 * subtitle), on the right its tags, who can read it, responses and license. A published
 * story's button reads 'Save and publish': it publishes the edits made since, with these
 * settings.
 */
export function PublishDialog({ postId, post, title, subtitle, images, onClose, onPublished }: PublishDialogProps) {
  const { viewer } = useSite();
  const loadData = useBrowserData();
  const [settings, setSettings] = useState<StorySettings>(() => {
    const s = settingsOf(post);
    return { ...s, previewImageId: s.previewImageId && images.some((i) => i.id === s.previewImageId) ? s.previewImageId : (images[0]?.id ?? null) };
  });
  const [tagDraft, setTagDraft] = useState('');
  const [previewTitle, setPreviewTitle] = useState(title);
  const [previewSubtitle, setPreviewSubtitle] = useState(subtitle);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const isPublished = Boolean(post?.isPublished);
  const chosen = images.find((i) => i.id === settings.previewImageId) ?? null;
  // A first publication emails the writer's subscribers unless they untick it.
  const newsletter = useNewsletterEmail(postId);
  const [emailIt, setEmailIt] = useState<boolean | null>(null);

  const publish = async () => {
    const { tags, error: tagError } = tagsWithDraft(settings.tags, tagDraft);
    if (tagError) return setError(tagError);
    setSettings({ ...settings, tags });
    setTagDraft('');
    const input = publishInput({ ...settings, tags }, post, {
      title: previewTitle.trim() !== title.trim() ? previewTitle : undefined,
      subtitle: previewSubtitle.trim() !== subtitle.trim() ? previewSubtitle : undefined,
    });
    setBusy(true);
    setError(null);
    const choiceError = !isPublished && emailIt !== null && emailIt !== newsletter.view?.sendEmail ? await saveNewsletterChoice(loadData, postId, emailIt) : null;
    if (choiceError) {
      setBusy(false);
      return setError(choiceError);
    }
    const r = await callMutation<PublishResult>(loadData, PUBLISH_POST, { postId, input }, 'publishPost');
    setBusy(false);
    if (!r.ok) return setError(r.offline ? 'Not published: you appear to be offline. Try again once you are connected.' : r.message);
    if (r.value.__typename === 'Post' && r.value.mediumUrl) return onPublished(storyPath(r.value.mediumUrl));
    setError(r.value.message ?? 'The story could not be published.');
  };

  return (
    <Modal isVisible onClose={onClose} aria-labelledby={headingId} className={styles.dialog} overlayClassName={styles.overlay}>
      <div className={styles.columns}>
        <section className={styles.previewColumn} aria-label="Story preview">
          <h2 className={styles.columnHeading}>Story preview</h2>
          <div className={styles.previewImage}>
            {chosen ? (
              <img src={imageUrl(chosen.id, 640)} alt="" width={chosen.originalWidth || undefined} height={chosen.originalHeight || undefined} />
            ) : (
              <p className={styles.previewImageEmpty}>Include a high-quality image in your story to make it more inviting to readers.</p>
            )}
          </div>
          {images.length > 1 && <PreviewImagePicker images={images} value={settings.previewImageId} onChange={(id) => setSettings({ ...settings, previewImageId: id })} />}
          <input
            className={styles.previewTitle}
            aria-label="Preview title"
            placeholder="Write a preview title"
            value={previewTitle}
            maxLength={STORY_LIMITS.titleMaxLength}
            onChange={(e) => setPreviewTitle(e.target.value)}
          />
          <input
            className={styles.previewSubtitle}
            aria-label="Preview subtitle"
            placeholder="Write a preview subtitle…"
            value={previewSubtitle}
            maxLength={STORY_LIMITS.subtitleMaxLength}
            onChange={(e) => setPreviewSubtitle(e.target.value)}
          />
          <p className={styles.note}>
            <strong>Note:</strong> the preview title and subtitle are the story's own: changing them here changes them in the story too.
          </p>
        </section>
        <section className={styles.settingsColumn}>
          <h2 id={headingId} className={styles.columnHeading}>
            {isPublished ? 'Publish your changes' : 'Publishing to: '}
            {!isPublished && <strong>{viewer?.name ?? 'you'}</strong>}
          </h2>
          <StorySettingsForm value={settings} onChange={setSettings} tagDraft={tagDraft} onTagDraftChange={setTagDraft} />
          {!isPublished && <NewsletterEmailOption postId={postId} view={newsletter.view} value={emailIt ?? newsletter.view?.sendEmail ?? true} onChange={setEmailIt} />}
          {error && (
            <p className={styles.submitError} role="alert">
              {error}
            </p>
          )}
          <div className={styles.actions}>
            <LoadingButton variant="accent" loading={busy} loadingLabel="Publishing" onClick={() => void publish()}>
              {isPublished ? 'Save and publish' : 'Publish now'}
            </LoadingButton>
            <button type="button" className={styles.cancel} onClick={onClose}>
              Cancel
            </button>
          </div>
        </section>
      </div>
    </Modal>
  );
}
