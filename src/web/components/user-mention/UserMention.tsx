import { useEffect, useId, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { TIMING } from '../../../shared/constants.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { Popover } from '../popover/index.js';
import { UserMentionCard, type MentionUser } from './UserMentionCard.js';
import { USER_MENTION_TOOLTIP_CONTENT_QUERY } from '../../graphql/follow-operations.js';
import styles from './user-mention.module.css';

export interface UserMentionProps {
  userId: string;
  /** The user link (author name or avatar) the card belongs to. */
  children: ReactNode;
  className?: string;
}

/** The card's width (px): room for a 48px avatar, a two-line bio and Follow. */
const CARD_WIDTH = 320;

/**
 * A user link with the mention card (UserMentionTooltipContentQuery): after hovering for
 * the spec §9 tooltip delay (500 ms) the card opens under the link with avatar, name, bio,
 * follower count and Follow. The pointer may move from the link into the card; it closes
 * 100 ms after leaving both (the spec's popover leave delay). Data is read on the first
 * open only (Apollo's cache keeps it), and touch screens, which do not hover, never see it.
 */
export function UserMention({ userId, children, className }: UserMentionProps) {
  const loadData = useBrowserData();
  const anchorRef = useRef<HTMLSpanElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [open, setOpen] = useState(false);
  const [user, setUser] = useState<MentionUser | null>(null);
  const id = useId();

  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => clear, []);

  const fetchUser = async () => {
    try {
      const { client } = await loadData();
      const { data } = await client.query({ query: USER_MENTION_TOOLTIP_CONTENT_QUERY, variables: { id: userId } });
      const result = (data as { userResult?: MentionUser & { __typename: string } } | undefined)?.userResult;
      if (result?.__typename === 'User') setUser(result);
    } catch {
      // No card is better than a broken one: the link still works.
    }
  };

  const enter = (event: PointerEvent) => {
    if (event.pointerType === 'touch') return;
    clear();
    if (open) return;
    timer.current = setTimeout(() => {
      setOpen(true);
      void fetchUser();
    }, TIMING.tooltipHoverDelayMs);
  };
  const leave = () => {
    clear();
    timer.current = setTimeout(() => setOpen(false), TIMING.friendPopoverLeaveDelayMs);
  };

  return (
    <span ref={anchorRef} className={className ?? styles.anchor} onPointerEnter={enter} onPointerLeave={leave} aria-describedby={open ? id : undefined}>
      {children}
      <Popover isVisible={open && user !== null} anchorRef={anchorRef} onHide={() => setOpen(false)} width={CARD_WIDTH} align="start" id={id} role="region" aria-label={user ? `About ${user.name}` : undefined} hideOn={{ blur: false }}>
        {/* The card is inside the anchor, so moving into it is not leaving. */}
        {user && <UserMentionCard user={user} />}
      </Popover>
    </span>
  );
}
