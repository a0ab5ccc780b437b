import { useId, useRef, useState } from 'react';
import { useSite } from '../../app-context.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import { Popover } from '../popover/index.js';
import { usePinPost } from '../profile/use-pin-post.js';
import { DeleteStoryDialog } from './DeleteStoryDialog.js';
import { useMoveToTrash } from './use-move-to-trash.js';
import { yourStoriesHref } from './your-stories-tabs.js';
import styles from './story-author-menu.module.css';

const MoreIcon = () => (
  <svg width={24} height={24} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    <circle cx="5" cy="12" r="1.5" />
    <circle cx="12" cy="12" r="1.5" />
    <circle cx="19" cy="12" r="1.5" />
  </svg>
);

/**
 * The story page's '...' menu for its author: Edit story, Story settings, Pin to profile
 * (or Unpin, for a public story), Delete story.
 * Deleting moves the story to the trash and opens the trash, where the toast's Undo or
 * Restore brings it back. Nobody else sees the menu (the server refuses them anyway).
 */
export interface StoryAuthorMenuProps {
  postId: string;
  creatorId: string;
  /** For a public story: whether it is pinned to the writer's profile. */
  pin?: { pinnedAt: number | null };
}

export function StoryAuthorMenu({ postId, creatorId, pin }: StoryAuthorMenuProps) {
  const { viewer } = useSite();
  const pinPost = usePinPost();
  const [pinned, setPinned] = useState(Boolean(pin?.pinnedAt));
  const nav = useNavigation();
  const moveToTrash = useMoveToTrash();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const menuId = useId();
  if (viewer?.id !== creatorId) return null;

  return (
    <div className={styles.root}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-label="Story actions"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <MoreIcon />
      </button>
      <Popover
        id={menuId}
        isVisible={open}
        anchorRef={buttonRef}
        align="end"
        role="menu"
        aria-label="Story actions"
        onHide={(reason) => {
          setOpen(false);
          if (reason === 'escape') buttonRef.current?.focus();
        }}
      >
        <ul className={styles.menu}>
          <li>
            <Link role="menuitem" href={`/p/${postId}/edit`} className={styles.item} onClick={() => setOpen(false)}>
              Edit story
            </Link>
          </li>
          <li>
            <Link role="menuitem" href={`/p/${postId}/settings`} className={styles.item} onClick={() => setOpen(false)}>
              Story settings
            </Link>
          </li>
          {pin && (
            <li>
              <button
                type="button"
                role="menuitem"
                className={styles.item}
                onClick={async () => {
                  setOpen(false);
                  if (await pinPost(postId, !pinned)) setPinned(!pinned);
                }}
              >
                {pinned ? 'Unpin from profile' : 'Pin to profile'}
              </button>
            </li>
          )}
          <li>
            <button
              type="button"
              role="menuitem"
              className={styles.danger}
              onClick={() => {
                setOpen(false);
                setConfirming(true);
              }}
            >
              Delete story
            </button>
          </li>
        </ul>
      </Popover>
      <DeleteStoryDialog
        isVisible={confirming}
        hide={() => setConfirming(false)}
        onConfirm={async () => {
          await moveToTrash(postId);
          nav.navigate(yourStoriesHref('deleted'));
        }}
      />
    </div>
  );
}
