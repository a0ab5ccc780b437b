import { useSite } from '../../app-context.js';
import { Link } from '../../router/Link.js';
import { cx } from '../../lib/class-names.js';
import { formatSubscribers, subscriptionStore, writerSubscribeHref, type KnownSubscription } from './subscribe-store.js';
import { useWriterSubscription, type SubscribeWriter } from './use-writer-subscription.js';
import styles from './subscribe.module.css';

/** An envelope, with a plus to subscribe or a check once subscribed. */
function MailIcon({ subscribed }: { subscribed: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M14 18H4.5A1.5 1.5 0 0 1 3 16.5v-10A1.5 1.5 0 0 1 4.5 5h14A1.5 1.5 0 0 1 20 6.5V12" />
      <path d="m3.5 6 8 6 8-6" />
      {subscribed ? <path d="m15.5 18 2 2 4-4" /> : <path d="M18.5 15v6M15.5 18h6" />}
    </svg>
  );
}

/**
 * Subscribe beside Follow on a writer's profile (spec §7 subscribeNewsletterV3 /
 * unsubscribeNewsletterV3 / fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe): one click for a
 * signed-in reader; signed out, the writer's promotion page, where they subscribe by email. The
 * writer sees their subscriber count instead.
 */
export function SubscribeButton({ writer }: { writer: SubscribeWriter }) {
  const { viewer } = useSite();
  const state = useWriterSubscription(writer);
  if (viewer?.id === writer.id) return <span className={styles.count} data-testid="subscriber-count">{formatSubscribers(state.subscriberCount)}</span>;
  const label = state.subscribed ? `Unsubscribe from ${writer.name}'s newsletter` : `Subscribe to ${writer.name}'s newsletter`;
  if (!viewer) {
    if (!writer.username) return null;
    return (
      <Link href={writerSubscribeHref(writer.username)} className={styles.iconButton} aria-label={`Subscribe to ${writer.name}'s newsletter`} data-testid="subscribe-button">
        <MailIcon subscribed={false} />
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={cx(styles.iconButton, state.subscribed && styles.subscribed)}
      aria-label={label}
      aria-pressed={state.subscribed}
      aria-busy={state.pending || undefined}
      title={label}
      data-testid="subscribe-button"
      onClick={() => void state.toggle()}
      onPointerEnter={state.preload}
    >
      <MailIcon subscribed={state.subscribed} />
    </button>
  );
}

/**
 * Spec §5: the notice under the buttons for a signed-in reader who has not subscribed to this
 * writer before. compactOnly: the profile header's copy, shown where the header's buttons are (below 904px).
 */
export function SubscribeNotice({ writer, compactOnly = false }: { writer: SubscribeWriter; compactOnly?: boolean }) {
  const { viewer } = useSite();
  const n = writer.newsletterV3;
  const known = subscriptionStore.use(writer.id, (n ? { newsletterId: n.id, subscriberCount: n.subscriberCount, viewerSubscriptionState: n.viewerSubscriptionState } : null) as KnownSubscription) as KnownSubscription | null;
  if (!viewer || viewer.id === writer.id || known?.viewerSubscriptionState) return null;
  return (
    <p className={cx(styles.notice, compactOnly && styles.compactOnly)} data-testid="subscribe-notice">
      {writer.newsletterConsentNotice}
    </p>
  );
}
