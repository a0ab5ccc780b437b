import { useSite } from '../../app-context.js';
import { ActionMenu } from '../profile/ActionMenu.js';
import styles from './PostCard.module.css';

export interface PostCardMenuProps {
  creator: { id: string; name: string };
  isStaffPick?: boolean;
  /** Staff see Add to / Remove from staff picks. */
  canPick?: boolean;
  onShowLess(): void;
  onMuteAuthor(): void;
  onStaffPick?(picked: boolean): void;
}

/** A feed card's '...' menu: Show less like this, Mute author (not on one's own story), staff picks for staff. */
export function PostCardMenu({ creator, isStaffPick, canPick, onShowLess, onMuteAuthor, onStaffPick }: PostCardMenuProps) {
  const { viewer } = useSite();
  return (
    <ActionMenu label="More" buttonClassName={styles.iconButton}>
      {(close) => {
        const act = (fn: () => void) => () => {
          close();
          fn();
        };
        return (
          <>
            <li>
              <button type="button" role="menuitem" className={styles.menuItem} onClick={act(onShowLess)}>
                Show less like this
              </button>
            </li>
            {viewer?.id !== creator.id && (
              <li>
                <button type="button" role="menuitem" className={styles.menuItem} onClick={act(onMuteAuthor)}>
                  Mute author
                </button>
              </li>
            )}
            {canPick && onStaffPick && (
              <li>
                <button type="button" role="menuitem" className={styles.menuItem} onClick={act(() => onStaffPick(!isStaffPick))}>
                  {isStaffPick ? 'Remove from staff picks' : 'Add to staff picks'}
                </button>
              </li>
            )}
          </>
        );
      }}
    </ActionMenu>
  );
}
