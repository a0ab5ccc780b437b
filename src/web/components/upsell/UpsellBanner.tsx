import { useEffect, useState } from 'react';
import { chooseUpsellBanner, type UpsellBanner as Banner } from '../../../shared/upsell-banner.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { useSite } from '../../app-context.js';
import { DISMISS_FLAG_MUTATION } from '../../graphql/upsell-operations.js';
import { cx } from '../../lib/class-names.js';
import { track } from '../../lib/events.js';
import { createReadingCounters } from '../../lib/reading-counters.js';
import { useMounted } from '../../lib/use-mounted.js';
import { Link } from '../../router/Link.js';
import { CloseIcon } from '../icons/index.js';
import { readDismissals, recordDismissal } from './dismissals.js';
import { useLockedPostShown } from './page-signals.js';
import { useViewerMembership } from './viewer-membership.js';
import styles from './upsell-banner.module.css';

/** Pages that are themselves about the membership: a banner there would point at the page itself. */
const PAGES_WITHOUT_BANNER: ReadonlySet<string> = new Set(['cancel-membership', 'update-payment']);

/**
 * A native app shows the site in a web view whose user agent carries this mark; there the app
 * does its own asking (spec §4: no join or Friend upsell in a native app wrapper).
 */
export const NATIVE_APP_UA_MARK = /\bInkwellApp\//;

/**
 * The one upsell banner at the top of the page (spec §4 priority: join, reactivate, payment
 * method, gift, Friend upsell). Rendered only after hydration, for signed-in readers: it
 * depends on who reads and on this browser's dismissals, so the server-rendered page (and
 * what the page cache keeps) never carries it.
 */
export function UpsellBanner() {
  const { viewer, routeName, pageId, siteName } = useSite();
  const hydrated = useMounted();
  const lockedPost = useLockedPostShown();
  const membership = useViewerMembership(hydrated && viewer !== null && !PAGES_WITHOUT_BANNER.has(pageId));
  const [dismissed, setDismissed] = useState<Banner['kind'] | null>(null);

  const banner =
    hydrated && viewer && membership
      ? chooseUpsellBanner({
          now: Date.now(),
          siteName,
          routeName,
          signedIn: true,
          hydrated,
          nativeApp: typeof navigator !== 'undefined' && NATIVE_APP_UA_MARK.test(navigator.userAgent),
          lockedPost,
          tier: membership.tier,
          membershipStatus: membership.status,
          dismissedAt: readDismissals(),
          dismissedFlags: membership.dismissedFlags,
          giftBannerEnabled: membership.giftBannerEnabled,
          storiesThisMonth: createReadingCounters().read().thisMonth,
        })
      : null;
  const shown = banner && banner.kind !== dismissed ? banner : null;

  useEffect(() => {
    if (shown) track(`${shown.eventFamily}.viewed`, { bannerType: shown.kind });
  }, [shown?.kind, shown?.eventFamily]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!shown || !viewer) return null;
  return <UpsellBannerView banner={shown} userId={viewer.id} onDismissed={() => setDismissed(shown.kind)} />;
}

/** The banner as shown: its words, its link and, when it may be, a dismiss button. */
export function UpsellBannerView({ banner, userId, onDismissed }: { banner: Banner; userId: string; onDismissed(): void }) {
  const loadData = useBrowserData();
  const dismiss = () => {
    const dismissal = banner.dismissal;
    if (!dismissal) return;
    track(`${banner.eventFamily}.dismissed`, { bannerType: banner.kind });
    onDismissed();
    if (dismissal.store === 'local') {
      recordDismissal(dismissal.key, Date.now());
      return;
    }
    // Gone at once; the flag keeps it gone on the next page (a failure only means it may come back).
    void loadData()
      .then(({ client }) => client.mutate({ mutation: DISMISS_FLAG_MUTATION, variables: { userId, flag: dismissal.flag } }))
      .catch(() => {});
  };

  return (
    <aside className={cx(styles.banner, styles[banner.tone])} aria-label="Membership" data-upsell-banner={banner.kind} data-tone={banner.tone}>
      <p className={styles.content}>
        <span className={styles.text}>{banner.text}</span>{' '}
        <Link href={banner.href} className={styles.link} onClick={() => track(`${banner.eventFamily}.clicked`, { bannerType: banner.kind })}>
          {banner.linkText}
        </Link>
      </p>
      {banner.dismissal && (
        <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={dismiss} data-upsell-dismiss="">
          <CloseIcon size={20} />
        </button>
      )}
    </aside>
  );
}
