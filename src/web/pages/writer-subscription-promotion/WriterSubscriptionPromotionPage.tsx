import { imageUrl } from '../../../shared/images.js';
import { useSite } from '../../app-context.js';
import { Avatar } from '../../components/avatar/index.js';
import { profileLookup } from '../../components/profile/profile-lookup.js';
import { userOf } from '../../components/profile/profile-types.js';
import { EmailSubscribeForm } from '../../components/subscribe/EmailSubscribeForm.js';
import { SubscribeNotice } from '../../components/subscribe/SubscribeButton.js';
import { formatSubscribers } from '../../components/subscribe/subscribe-store.js';
import { useWriterSubscription, type SubscribeWriter } from '../../components/subscribe/use-writer-subscription.js';
import { Button } from '../../components/button/Button.js';
import { WRITER_SUBSCRIPTION_PAGE_QUERY } from '../../graphql/subscribe-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import styles from './WriterSubscriptionPromotionPage.module.css';

type Writer = SubscribeWriter & { bio: string; imageId: string | null; newsletterV3: (SubscribeWriter['newsletterV3'] & { description: string }) | null };

/** A signed-in reader's one click, as on the profile, with the words spelled out. */
function ReaderSubscribe({ writer }: { writer: Writer }) {
  const state = useWriterSubscription(writer);
  return (
    <div className={styles.reader}>
      <Button variant={state.subscribed ? 'outline' : 'accent'} size="large" aria-pressed={state.subscribed} aria-busy={state.pending || undefined} onClick={() => void state.toggle()} data-testid="promotion-subscribe">
        {state.subscribed ? 'Unsubscribe' : 'Subscribe'}
      </Button>
      <SubscribeNotice writer={writer} />
    </div>
  );
}

/** The writer's own view: their count (the audience page lists the subscribers). */
function OwnCount({ writer }: { writer: Writer }) {
  const state = useWriterSubscription(writer);
  return <p className={styles.own}>This is the page readers subscribe to your newsletter on. You have {formatSubscribers(state.subscriberCount)}.</p>;
}

/**
 * writer-subscription-promotion (/@{username}/subscribe): who the writer is, what their newsletter
 * sends, and Subscribe: one click signed in, the email form (double opt-in) signed out. The
 * confirmation link of that email comes back here with ?subscribed=1.
 */
export default function WriterSubscriptionPromotionPage({ params }: PageProps) {
  const { viewer } = useSite();
  const { search } = useNavigation();
  const writer = userOf<Writer>(usePageQuery(WRITER_SUBSCRIPTION_PAGE_QUERY, profileLookup(params)));
  if (!writer) return null;
  const n = writer.newsletterV3;
  const confirmed = new URLSearchParams(search).get('subscribed') === '1';
  const description = n?.description || writer.bio;
  return (
    <main className={styles.page}>
      <Avatar username={writer.username} name={writer.name} imageUrl={writer.imageId ? imageUrl(writer.imageId, 160) : null} size="XL" alt="" />
      <h1 className={styles.heading}>Get an email whenever {writer.name} publishes.</h1>
      {description && <p className={styles.description}>{description}</p>}
      {n && n.subscriberCount > 0 && <p className={styles.count}>{formatSubscribers(n.subscriberCount)}</p>}
      {confirmed && (
        <p className={styles.confirmed} role="status" data-testid="subscription-confirmed">
          You're subscribed to {n?.name ?? writer.name}.
        </p>
      )}
      <div className={styles.action}>
        {viewer?.id === writer.id ? (
          <OwnCount writer={writer} />
        ) : viewer ? (
          <ReaderSubscribe writer={writer} />
        ) : confirmed ? null : (
          <EmailSubscribeForm newsletterId={n?.id ?? null} writerId={writer.id} newsletterName={n?.name ?? writer.name} consentNotice={writer.newsletterConsentNotice} />
        )}
      </div>
    </main>
  );
}
