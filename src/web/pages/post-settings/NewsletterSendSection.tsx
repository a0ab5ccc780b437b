import { useEffect } from 'react';
import { useNewsletterEmail, type NewsletterSendView } from '../../editor/publish/NewsletterEmailOption.js';
import styles from './PostSettingsPage.module.css';

/** How often the page asks again while the email is going out. */
const POLL_MS = 2000;

const STATE_TEXT: Record<string, (s: NewsletterSendView) => string> = {
  QUEUED: () => 'Queued: sending starts in a moment.',
  SENDING: (s) => `Sending: ${s.sent.toLocaleString('en-US')} of ${s.recipients.toLocaleString('en-US')} emails sent.`,
  SENT: (s) => `Sent to ${s.sent.toLocaleString('en-US')} ${s.sent === 1 ? 'subscriber' : 'subscribers'}.`,
  SKIPPED: (s) => (s.reason === 'opted-out' ? 'Not emailed: you chose not to email this story.' : 'Not emailed: only public and member-only stories go to subscribers.'),
  FAILED: () => 'Not emailed: the story was deleted before it went out.',
};

/**
 * The story settings' "Newsletter" section: how far the email of the story to the writer's
 * subscribers got, with a progress bar while it goes out (asked again every 2 s).
 */
export function NewsletterSendSection({ postId }: { postId: string }) {
  const { view, reload } = useNewsletterEmail(postId);
  const send = view?.send ?? null;
  const going = send?.state === 'QUEUED' || send?.state === 'SENDING';
  useEffect(() => {
    if (!going) return;
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [going]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!send) return null;
  const done = send.sent + send.failed + send.unsubscribed;
  return (
    <section className={styles.section} aria-labelledby="newsletter-send-heading">
      <h2 id="newsletter-send-heading" className={styles.sectionTitle}>
        Newsletter
      </h2>
      <p className={styles.help} role="status">
        {STATE_TEXT[send.state]?.(send) ?? send.state}
      </p>
      {going && <progress className={styles.progress} max={Math.max(1, send.recipients)} value={done} aria-label="Emails sent" />}
      {(send.failed > 0 || send.bounced > 0 || send.complained > 0 || send.suppressed > 0) && (
        <p className={styles.help}>
          {[
            send.failed && `${send.failed} failed`,
            send.bounced && `${send.bounced} bounced`,
            send.complained && `${send.complained} marked as spam`,
            send.suppressed && `${send.suppressed} not sent (earlier bounces or spam reports)`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
    </section>
  );
}
