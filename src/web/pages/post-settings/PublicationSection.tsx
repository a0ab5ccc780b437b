import { useCallback, useEffect, useState } from 'react';
import type { DocumentNode } from 'graphql';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { callMutation, callQuery } from '../../editor/server-calls.js';
import { SUBMIT_STORY } from '../../graphql/submission-operations.js';
import { COMMENT_ON_SUBMISSION, STORY_PUBLICATION_QUERY, WITHDRAW_SUBMISSION } from '../../graphql/writer-submission-operations.js';
import { Link } from '../../router/Link.js';
import styles from './PostSettingsPage.module.css';

interface PublicationRef {
  id: string;
  name: string;
  slug: string;
}
interface Submission {
  id: string;
  status: string;
  collection: PublicationRef | null;
  comments: { id: string; body: string; author: { id: string; name: string } | null }[];
}
interface Data {
  post: { id: string; collection: PublicationRef | null; viewerSubmission: Submission | null } | null;
  viewer: { submissionCollections: PublicationRef[] } | null;
}
type Outcome = { __typename: string; message?: string };

/** What the writer reads about their latest submission. */
const STATUS_TEXT: Record<string, string> = {
  PENDING: 'Submitted: waiting for the editors.',
  EDITS_REQUESTED: 'The editors asked for edits. Make them, then submit again.',
  DECLINED: 'Declined by the editors.',
  REMOVED: 'Removed from the publication by its editors.',
  WITHDRAWN: 'You withdrew this story.',
};
// A story can be offered again once its latest submission is closed.
const CLOSED = ['DECLINED', 'REMOVED', 'WITHDRAWN'];

/**
 * The story settings' "Publication" section (spec §4 submissions, the writer's side): submit the
 * story to one of the viewer's publications, follow the editors' answer, reply with a note,
 * withdraw it (a story already in the publication leaves it).
 */
export function PublicationSection({ postId }: { postId: string }) {
  const loadData = useBrowserData();
  const [data, setData] = useState<Data | null>(null);
  const [choice, setChoice] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const reload = useCallback(async () => {
    const r = await callQuery<Data>(loadData, STORY_PUBLICATION_QUERY, { postId });
    if (r.ok) setData(r.value);
    else setMessage({ ok: false, text: r.message });
  }, [loadData, postId]);
  useEffect(() => void reload(), [reload]);

  const send = async (mutation: DocumentNode, variables: Record<string, unknown>, done: string) => {
    setBusy(true);
    setMessage(null);
    const r = await callMutation<Outcome>(loadData, mutation, variables, 'result');
    setBusy(false);
    if (!r.ok) return setMessage({ ok: false, text: r.message });
    if (r.value.__typename !== 'CollectionSubmissionSuccess') return setMessage({ ok: false, text: r.value.message ?? 'Something went wrong.' });
    setMessage({ ok: true, text: done });
    setNote('');
    await reload();
  };

  if (!data?.post) return null;
  const { collection } = data.post;
  const submission = data.post.viewerSubmission;
  const open = submission && !CLOSED.includes(submission.status) ? submission : null;
  const choices = data.viewer?.submissionCollections ?? [];
  const chosen = choice || choices[0]?.id || '';
  const canSubmit = !collection && (!open || open.status === 'EDITS_REQUESTED');

  return (
    <section className={styles.section} aria-labelledby="publication-title" data-testid="publication-section">
      <h2 id="publication-title" className={styles.sectionTitle}>
        Publication
      </h2>
      {collection && (
        <p className={styles.help}>
          Published in <Link href={`/${collection.slug}`}>{collection.name}</Link>.
        </p>
      )}
      {submission && !collection && (
        <p className={styles.help}>
          {submission.collection?.name}: {STATUS_TEXT[submission.status] ?? submission.status}
        </p>
      )}
      {open && open.comments.length > 0 && (
        <ol className={styles.notes} aria-label="Notes">
          {open.comments.map((c) => (
            <li key={c.id}>
              <strong>{c.author?.name ?? 'Someone'}</strong>: {c.body}
            </li>
          ))}
        </ol>
      )}
      {canSubmit && !open && choices.length === 0 && <p className={styles.help}>You are not a writer in any publication yet.</p>}
      {canSubmit && !open && choices.length > 0 && (
        <div className={styles.actions}>
          <label className={styles.field}>
            Submit to
            <select value={chosen} onChange={(e) => setChoice(e.target.value)}>
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <LoadingButton variant="accent" loading={busy} loadingLabel="Submitting" onClick={() => void send(SUBMIT_STORY, { postId, collectionId: chosen }, 'Submitted.')}>
            Submit
          </LoadingButton>
        </div>
      )}
      {open && (
        <div className={styles.actions}>
          {open.status !== 'APPROVED' && (
            <label className={styles.field}>
              Note to the editors
              <textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} rows={2} />
            </label>
          )}
          {open.status !== 'APPROVED' && (
            <LoadingButton variant="outline" loading={busy} loadingLabel="Sending" onClick={() => void send(COMMENT_ON_SUBMISSION, { submissionId: open.id, body: note }, 'Note sent.')}>
              Send note
            </LoadingButton>
          )}
          {open.status === 'EDITS_REQUESTED' && (
            <LoadingButton variant="accent" loading={busy} loadingLabel="Submitting" onClick={() => void send(SUBMIT_STORY, { postId, collectionId: open.collection?.id }, 'Submitted again.')}>
              Submit again
            </LoadingButton>
          )}
          <LoadingButton variant="outline" loading={busy} loadingLabel="Withdrawing" onClick={() => void send(WITHDRAW_SUBMISSION, { submissionId: open.id }, 'Withdrawn.')}>
            Withdraw
          </LoadingButton>
        </div>
      )}
      {message && (
        <p className={message.ok ? styles.help : styles.error} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
