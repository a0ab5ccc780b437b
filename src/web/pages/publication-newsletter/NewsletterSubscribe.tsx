import { useState } from 'react';
import { useSite } from '../../app-context.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { buttonClassName } from '../../components/button/Button.js';
import { EmailSubscribeForm } from '../../components/subscribe/EmailSubscribeForm.js';
import { useToast } from '../../components/toast/index.js';
import { SUBSCRIBE_NEWSLETTER, UNSUBSCRIBE_NEWSLETTER } from '../../graphql/subscribe-operations.js';
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
 * Subscribe / Subscribed for a signed-in reader (spec §7 subscribeNewsletterV3, §4 toasts), with the count and the
 * §5 notice; a logged-out visitor subscribes by email (double opt-in).
 */
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
        <EmailSubscribeForm newsletterId={newsletter.id} writerId="" newsletterName={newsletter.name} consentNotice={newsletter.consentNotice} />
      </>
    );
  }
  const toggle = async () => {
    setPending(true);
    const subscribe = !state.subscribed;
    const result = await mutateField(loadData, subscribe ? SUBSCRIBE_NEWSLETTER : UNSUBSCRIBE_NEWSLETTER, { newsletterV3Id: newsletter.id, shouldRecordConsent: subscribe }, subscribe ? 'subscribeNewsletterV3' : 'unsubscribeNewsletterV3');
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
