import { useState } from 'react';
import { useSite } from '../../app-context.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { buttonClassName } from '../../components/button/Button.js';
import { useSusiModal } from '../../components/susi/SusiModalProvider.js';
import { useToast } from '../../components/toast/index.js';
import { SUBSCRIBE_NEWSLETTER_V3, UNSUBSCRIBE_NEWSLETTER_V3 } from '../../graphql/publication-newsletter-operations.js';
import { useNavigation } from '../../router/navigation.js';
import styles from './newsletter.module.css';

export interface SubscribableNewsletter {
  id: string;
  name: string;
  subscriberCount: number;
  viewerIsSubscribed: boolean;
  consentNotice: string;
}

const TOASTS = {
  subscribed: (name: string) => `You're now subscribed to ${name}.`,
  unsubscribed: (name: string) => `You've unsubscribed from ${name}.`,
  tryAgain: 'Something went wrong. Please try again.',
};

const formatSubscribers = (n: number) => (n === 1 ? '1 subscriber' : `${n.toLocaleString('en-US')} subscribers`);

/**
 * Logged-out visitors: the sign-in step, which brings them back here signed in to subscribe with
 * one click. The email form (NewsletterV3PublicationSubscribeByEmail) takes this place when it exists.
 */
function LoggedOutSubscribe({ newsletter }: { newsletter: SubscribableNewsletter }) {
  const susi = useSusiModal();
  const { pathname } = useNavigation();
  return (
    <div className={styles.subscribe}>
      <button
        type="button"
        className={buttonClassName({ variant: 'primary' })}
        data-testid="newsletter-sign-in-to-subscribe"
        onPointerEnter={() => susi.preload()}
        onClick={() => susi.open({ operation: 'register', redirect: `${pathname}?skipOnboarding=1` })}
      >
        Sign in to subscribe
      </button>
      <p className={styles.notice}>{newsletter.consentNotice}</p>
    </div>
  );
}

/** Subscribe / Subscribed for a signed-in reader (spec §7 subscribeNewsletterV3, §4 toasts), with the count and the §5 notice. */
export function NewsletterSubscribe({ newsletter }: { newsletter: SubscribableNewsletter }) {
  const { viewer } = useSite();
  const loadData = useBrowserData();
  const toast = useToast();
  const [state, setState] = useState({ subscribed: newsletter.viewerIsSubscribed, count: newsletter.subscriberCount });
  const [pending, setPending] = useState(false);
  const count = <p className={styles.count} data-testid="newsletter-subscriber-count">{formatSubscribers(state.count)}</p>;
  if (!viewer) {
    return (
      <>
        {count}
        <LoggedOutSubscribe newsletter={newsletter} />
      </>
    );
  }
  const toggle = async () => {
    setPending(true);
    const subscribe = !state.subscribed;
    const result = await mutateField(loadData, subscribe ? SUBSCRIBE_NEWSLETTER_V3 : UNSUBSCRIBE_NEWSLETTER_V3, { newsletterV3Id: newsletter.id }, subscribe ? 'subscribeNewsletterV3' : 'unsubscribeNewsletterV3');
    setPending(false);
    const key = `newsletter:${newsletter.id}`;
    if (!result || typeof result.viewerIsSubscribed !== 'boolean') return toast.show({ message: TOASTS.tryAgain, toastStyle: 'ERROR', key });
    setState({ subscribed: result.viewerIsSubscribed, count: Number(result.subscriberCount) });
    toast.show({ message: subscribe ? TOASTS.subscribed(newsletter.name) : TOASTS.unsubscribed(newsletter.name), key });
  };
  return (
    <>
      {count}
      <div className={styles.subscribe}>
        <button
          type="button"
          className={buttonClassName({ variant: state.subscribed ? 'outline' : 'primary' })}
          aria-pressed={state.subscribed}
          aria-busy={pending || undefined}
          disabled={pending}
          data-testid="newsletter-subscribe-button"
          onClick={() => void toggle()}
        >
          {state.subscribed ? 'Subscribed' : 'Subscribe'}
        </button>
        {!state.subscribed && <p className={styles.notice}>{newsletter.consentNotice}</p>}
      </div>
    </>
  );
}
