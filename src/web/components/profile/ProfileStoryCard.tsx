import { useState } from 'react';
import { useSite } from '../../app-context.js';
import { Link } from '../../router/Link.js';
import { PostCard } from '../post-card/PostCard.js';
import { ActionMenu } from './ActionMenu.js';
import type { ProfileStory } from './profile-types.js';
import { usePinPost } from './use-pin-post.js';
import styles from './profile.module.css';

const PinIcon = () => (
  <svg width={16} height={16} viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M10.3 1.3a1 1 0 0 1 1.4 0l3 3a1 1 0 0 1 0 1.4l-.9.9a1 1 0 0 1-1 .25l-2.2 2.2.3 2.3a1 1 0 0 1-.3.85l-.6.6a.5.5 0 0 1-.7 0L6.6 10.1 3.2 13.5l-.7-.7 3.4-3.4-2.7-2.7a.5.5 0 0 1 0-.7l.6-.6a1 1 0 0 1 .85-.3l2.3.3 2.2-2.2a1 1 0 0 1 .25-1z" />
  </svg>
);

/** The author's '...' on their own story card: Pin to profile / Unpin, and Edit story. */
function StoryPinMenu({ story, onChanged }: { story: ProfileStory; onChanged(): void }) {
  const pinPost = usePinPost();
  const [busy, setBusy] = useState(false);
  const pinned = Boolean(story.pinnedAt);
  return (
    <div className={story.previewImage ? `${styles.cardMenu} ${styles.cardMenuBesideThumb}` : styles.cardMenu}>
      <ActionMenu label={`Story actions for ${story.title}`} buttonClassName={styles.cardMoreButton}>
        {(close) => (
          <>
            <li>
              <button
                type="button"
                role="menuitem"
                className={styles.menuItem}
                disabled={busy}
                onClick={async () => {
                  close();
                  setBusy(true);
                  const ok = await pinPost(story.id, !pinned);
                  setBusy(false);
                  if (ok) onChanged();
                }}
              >
                {pinned ? 'Unpin' : 'Pin to profile'}
              </button>
            </li>
            <li>
              <Link role="menuitem" href={`/p/${story.id}/edit`} className={styles.menuItem} onClick={close}>
                Edit story
              </Link>
            </li>
          </>
        )}
      </ActionMenu>
    </div>
  );
}

/**
 * A story on its writer's profile: 'Pinned' over a pinned one on the Home tab, and for
 * the writer themselves a '...' to pin or unpin it. `onChanged` reloads the list (a pin
 * moves the story to the top).
 */
export function ProfileStoryCard({ story, showPin, onChanged }: { story: ProfileStory; showPin: boolean; onChanged(): void }) {
  const { viewer } = useSite();
  const isAuthor = viewer?.id === story.creator.id;
  return (
    <div className={styles.pinnedWrap} data-pinned={showPin && story.pinnedAt ? 'true' : undefined}>
      {showPin && story.pinnedAt ? (
        <p className={styles.pinnedLabel}>
          <PinIcon /> Pinned
        </p>
      ) : null}
      <PostCard post={story} />
      {isAuthor && showPin && <StoryPinMenu story={story} onChanged={onChanged} />}
    </div>
  );
}
