import { useEffect, useState } from 'react';
import { readCountNote } from '../../../shared/reading-count.js';
import { weeklyPriceText } from '../../../shared/upsell-banner.js';
import { useSite } from '../../app-context.js';
import { createReadingCounters } from '../../lib/reading-counters.js';
import { Link } from '../../router/Link.js';
import styles from './paywall-upsell.module.css';

/**
 * What a member-only story's paywall asks of the reader: signed out, to sign in; signed in
 * without a membership, to become a member, with the reading counter (spec §5: from 3
 * stories this month 'You've read N stories this month', a generic prompt below that).
 * The count is this browser's (spec §9), so it shows after hydration.
 */
export function PaywallUpsell({ ctaClassName }: { ctaClassName?: string }) {
  const { viewer, siteName } = useSite();
  const [storiesThisMonth, setStoriesThisMonth] = useState<number | null>(null);
  useEffect(() => setStoriesThisMonth(createReadingCounters().read().thisMonth), []);

  if (!viewer) {
    return (
      <Link href="/m/signin?operation=login" className={ctaClassName}>
        Sign in to keep reading
      </Link>
    );
  }
  const note = storiesThisMonth === null ? null : readCountNote(storiesThisMonth);
  return (
    <>
      {storiesThisMonth !== null && (
        <p className={styles.count} data-reading-count="">
          {note ? `${note}.` : `Members of ${siteName} read every story whole, for just ${weeklyPriceText()}.`}
        </p>
      )}
      <Link href="/plans" className={ctaClassName}>
        Become a member
      </Link>
    </>
  );
}
