import { useRef, useState } from 'react';
import { formatMonthYear } from '../../../shared/format.js';
import { friendOf } from '../../../shared/membership.js';
import { readCountNote } from '../../../shared/reading-count.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { useSite } from '../../app-context.js';
import { VIEWER_MEMBERSHIP_QUERY } from '../../graphql/engagement-operations.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import { StarIcon } from '../icons/index.js';
import { Popover } from '../popover/index.js';
import { SusiLink } from '../susi/SusiLink.js';
import { useMarkLockedPost } from '../upsell/page-signals.js';
import { createReadingCounters } from '../../lib/reading-counters.js';
import styles from './member-star.module.css';

type MembershipData = { viewer?: { id: string; membership?: { tier: string; memberSince: number | null } | null } | null };

/** Who is reading, for what the popover says (spec §2.5 member-only story star). */
export type Audience =
  | { kind: 'anonymous' }
  | { kind: 'author' }
  | { kind: 'member'; since: number | null }
  | { kind: 'friend'; since: number | null }
  | { kind: 'reader'; storiesThisMonth: number }
  | { kind: 'loading' };

/**
 * The member star by a member-only story's title. Pressed, it explains what the reader
 * sees: an anonymous reader is offered unlimited access through signing in, a member
 * sees since when they are one, the author that the story is behind the paywall and
 * eligible to earn money. Membership is asked for when the popover first opens.
 */
export function MemberStar({ creatorId }: { creatorId: string }) {
  const { viewer, siteName } = useSite();
  const loadData = useBrowserData();
  const { pathname, search } = useNavigation();
  const anchorRef = useRef<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState(false);
  const [membership, setMembership] = useState<{ tier: string; memberSince: number | null } | null | undefined>(undefined);
  // The join banner leaves member-only stories to their paywall and this star (spec §4).
  useMarkLockedPost();

  const audience: Audience = !viewer
    ? { kind: 'anonymous' }
    : viewer.id === creatorId
      ? { kind: 'author' }
      : membership === undefined
        ? { kind: 'loading' }
        : membership && membership.tier !== 'FREE'
          ? { kind: membership.tier === 'FRIEND' ? 'friend' : 'member', since: membership.memberSince }
          : { kind: 'reader', storiesThisMonth: createReadingCounters().read().thisMonth };

  const toggle = () => {
    setOpen((o) => !o);
    if (viewer && viewer.id !== creatorId && membership === undefined) {
      loadData()
        .then(({ client }) => client.query({ query: VIEWER_MEMBERSHIP_QUERY, fetchPolicy: 'network-only' }))
        .then(({ data }) => setMembership((data as MembershipData | undefined)?.viewer?.membership ?? null))
        .catch(() => setMembership(null));
    }
  };

  const redirect = `${pathname}${search}${search ? '&' : '?'}skipOnboarding=1`;
  return (
    <div className={styles.line}>
      <button
        ref={anchorRef}
        type="button"
        className={styles.star}
        aria-expanded={open}
        aria-controls="member-star-popover"
        onClick={toggle}
      >
        <StarIcon size={20} /> Member-only story
      </button>
      <Popover isVisible={open} anchorRef={anchorRef} onHide={() => setOpen(false)} placement="bottom" align="start" width={280} id="member-star-popover" aria-label="Member-only story">
        <MemberStarContent audience={audience} siteName={siteName} redirect={redirect} />
      </Popover>
    </div>
  );
}

/** The popover's words for each reader. */
export function MemberStarContent({ audience, siteName, redirect }: { audience: Audience; siteName: string; redirect: string }) {
  return (
    <div className={styles.body} data-testid="member-star-popover">
      {audience.kind === 'anonymous' && (
        <>
          <p className={styles.title}>Get unlimited access</p>
          <p className={styles.text}>Member-only stories are for members of {siteName}. Sign in to read them whole.</p>
          <SusiLink operation="login" redirect={redirect} className={styles.cta}>
            Sign in
          </SusiLink>
        </>
      )}
      {audience.kind === 'author' && (
        <>
          <p className={styles.title}>Your story is behind the paywall</p>
          <p className={styles.text}>Only members read it whole, and it is eligible to earn money.</p>
        </>
      )}
      {audience.kind === 'member' && (
        <>
          {audience.since !== null && <p className={styles.title}>Member since {formatMonthYear(audience.since)}</p>}
          <p className={styles.text}>You can read this member-only story because you are a member of {siteName}.</p>
        </>
      )}
      {audience.kind === 'friend' && (
        <>
          <p className={styles.title}>{friendOf(siteName)}</p>
          {audience.since !== null && <p className={styles.text}>Member since {formatMonthYear(audience.since)}.</p>}
          <p className={styles.text}>You can read this member-only story, and your membership gives more to the writers you read.</p>
        </>
      )}
      {audience.kind === 'reader' && (
        <>
          <p className={styles.title}>Get unlimited access</p>
          {readCountNote(audience.storiesThisMonth) && <p className={styles.text}>{readCountNote(audience.storiesThisMonth)}.</p>}
          <p className={styles.text}>This story is for members of {siteName}. Become a member to read every story whole.</p>
          <Link href="/plans" className={styles.cta}>
            Become a member
          </Link>
        </>
      )}
      {audience.kind === 'loading' && <p className={styles.text}>Loading…</p>}
    </div>
  );
}
