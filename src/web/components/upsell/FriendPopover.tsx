import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { TIMING } from '../../../shared/constants.js';
import { friendOf, type MembershipTier } from '../../../shared/membership.js';
import { useSite } from '../../app-context.js';
import { Link } from '../../router/Link.js';
import { buttonClassName } from '../button/Button.js';
import { Popover } from '../popover/index.js';
import styles from './friend-popover.module.css';

export const FRIEND_POPOVER_LINKS = { manageMembership: '/manage-membership', plans: '/plans', learnMore: '/membership' } as const;

/** Spec §2.5: Upgrade goes to manage-membership for an existing member, to the pay page otherwise; a Friend has none. */
export function friendUpgradeHref(tier: MembershipTier): string | null {
  if (tier === 'FRIEND') return null;
  return tier === 'MEMBER' ? FRIEND_POPOVER_LINKS.manageMembership : FRIEND_POPOVER_LINKS.plans;
}

/** The popover's words: 'Friend of {SITE_NAME}', what it is, Upgrade (not for a Friend) and Learn more. */
export function FriendPopoverContent({ tier, siteName }: { tier: MembershipTier; siteName: string }) {
  const upgrade = friendUpgradeHref(tier);
  return (
    <div className={styles.body} data-friend-popover="">
      <p className={styles.title}>{friendOf(siteName)}</p>
      <p className={styles.text}>
        {tier === 'FRIEND'
          ? 'Thank you for giving more to the writers you read. A bigger share of your membership goes to them.'
          : 'Friends give more to the writers they read: a bigger share of their membership goes to them.'}
      </p>
      <div className={styles.actions}>
        {upgrade && (
          <Link href={upgrade} className={buttonClassName({ variant: 'accent', size: 'small' })} data-friend-upgrade="">
            Upgrade
          </Link>
        )}
        <Link href={FRIEND_POPOVER_LINKS.learnMore} className={styles.learnMore}>
          Learn more
        </Link>
      </div>
    </div>
  );
}

/**
 * The Friend popover (spec §2.5) on whatever `children` is (a star, a badge): opens on hover
 * or focus, and closes 100 ms after the pointer leaves both the trigger and the popover, so
 * the pointer can travel from one to the other.
 */
export function FriendPopover({ tier, children, label }: { tier: MembershipTier; children: ReactNode; label: string }) {
  const { siteName } = useSite();
  const [open, setOpen] = useState(false);
  const anchorRef = useRef<HTMLButtonElement | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const id = useId();

  const cancelClose = () => {
    if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const show = () => {
    cancelClose();
    setOpen(true);
  };
  const closeSoon = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), TIMING.friendPopoverLeaveDelayMs);
  };
  useEffect(() => cancelClose, []);

  return (
    <span className={styles.wrap} onMouseEnter={show} onMouseLeave={closeSoon}>
      <button
        ref={anchorRef}
        type="button"
        className={styles.trigger}
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => (open ? setOpen(false) : show())}
        onFocus={show}
      >
        {children}
      </button>
      <Popover id={id} isVisible={open} anchorRef={anchorRef} onHide={() => setOpen(false)} width={280} placement="top" aria-label={friendOf(siteName)}>
        <FriendPopoverContent tier={tier} siteName={siteName} />
      </Popover>
    </span>
  );
}
