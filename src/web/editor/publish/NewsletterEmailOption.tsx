import { useEffect, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { POST_NEWSLETTER_EMAIL_QUERY, SEND_TEST_NEWSLETTER_EMAIL, SET_POST_NEWSLETTER_EMAIL } from '../../graphql/newsletter-send-operations.js';
import { callMutation, callQuery } from '../server-calls.js';
import styles from './publish.module.css';

export interface NewsletterSendView {
  id: string;
  state: string;
  reason: string | null;
  recipients: number;
  sent: number;
  failed: number;
  bounced: number;
  complained: number;
  unsubscribed: number;
  suppressed: number;
}
export interface NewsletterEmailView {
  sendEmail: boolean;
  subscriberCount: number;
  send: NewsletterSendView | null;
}
type Loaded = { postForEditing: { __typename: string; newsletterEmail?: NewsletterEmailView } };

/** The story's newsletter state for its writer, read when the dialog or page opens; `reload` reads it again. */
export function useNewsletterEmail(postId: string): { view: NewsletterEmailView | null; reload(): Promise<void> } {
  const loadData = useBrowserData();
  const [view, setView] = useState<NewsletterEmailView | null>(null);
  const reload = async () => {
    const r = await callQuery<Loaded>(loadData, POST_NEWSLETTER_EMAIL_QUERY, { id: postId });
    if (r.ok && r.value.postForEditing.newsletterEmail) setView(r.value.postForEditing.newsletterEmail);
  };
  useEffect(() => void reload(), [postId]); // eslint-disable-line react-hooks/exhaustive-deps
  return { view, reload };
}

/** Saves the writer's choice before publishing; the message when it could not be saved. */
export async function saveNewsletterChoice(loadData: ReturnType<typeof useBrowserData>, postId: string, sendEmail: boolean): Promise<string | null> {
  const r = await callMutation<{ __typename: string; sendEmail: boolean }>(loadData, SET_POST_NEWSLETTER_EMAIL, { postId, sendEmail }, 'setPostNewsletterEmail');
  return r.ok ? null : r.message;
}

const subscribers = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'subscriber' : 'subscribers'}`;

/**
 * The publish dialog's newsletter choice (a story's first publication only): email the story to
 * the writer's subscribers (on by default), and send a test email to themselves first.
 */
export function NewsletterEmailOption({ postId, view, value, onChange }: { postId: string; view: NewsletterEmailView | null; value: boolean; onChange(v: boolean): void }) {
  const loadData = useBrowserData();
  const [testing, setTesting] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const sendTest = async () => {
    setTesting(true);
    setNotice(null);
    const r = await callMutation<{ __typename: string; message: string }>(loadData, SEND_TEST_NEWSLETTER_EMAIL, { postId }, 'sendTestNewsletterEmail');
    setTesting(false);
    setNotice(r.ok ? { ok: true, text: r.value.message } : { ok: false, text: r.message });
  };
  return (
    <div className={styles.newsletterOption}>
      <label className={styles.checkbox}>
        <input type="checkbox" checked={value} onChange={(e) => onChange(e.target.checked)} />
        <span>Email this story to my {view ? subscribers(view.subscriberCount) : 'subscribers'}</span>
      </label>
      <button type="button" className={styles.textButton} disabled={testing} onClick={() => void sendTest()}>
        {testing ? 'Sending a test email…' : 'Send a test email to myself'}
      </button>
      {notice && (
        <p className={notice.ok ? styles.newsletterNotice : styles.submitError} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
    </div>
  );
}
