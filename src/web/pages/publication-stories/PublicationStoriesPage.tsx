import { useState } from 'react';
import type { DocumentNode } from 'graphql';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { buttonClassName } from '../../components/button/Button.js';
import { PostCard, type PostPreview } from '../../components/post-card/PostCard.js';
import { PublicationMasthead } from '../../components/publication/PublicationMasthead.js';
import { publicationBaseHere, publicationVariables, type PublicationFrameData } from '../../components/publication/publication-key.js';
import { APPROVE_SUBMISSION, DECLINE_SUBMISSION, PUBLICATION_STORIES_QUERY, REMOVE_POST_FROM_COLLECTION, REQUEST_SUBMISSION_EDITS } from '../../graphql/submission-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { formatDate } from '../../../shared/format.js';
import { profileHref } from '../../lib/profile-href.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import { STORIES_TABS, storiesTabOf } from './stories-tabs.js';
import styles from './PublicationStoriesPage.module.css';

interface Submission {
  id: string;
  status: string;
  createdAt: number;
  scheduledFor: number | null;
  submittedBy: { id: string; name: string; username: string | null } | null;
  post: { id: string; title: string; uniqueSlug: string } | null;
  comments: { id: string; body: string; createdAt: number; author: { id: string; name: string } | null }[];
}
interface Data {
  collection: PublicationFrameData & { submissions: Submission[]; editorStories: PostPreview[] };
}
type Outcome = { result: { __typename: string; message?: string; submission?: { status: string } } };

/** Sends one of the editors' decisions; answers the new status or the server's message. */
function useDecision() {
  const loadData = useBrowserData();
  return async (mutation: DocumentNode, variables: Record<string, unknown>): Promise<{ ok: boolean; text: string }> => {
    const { client } = await loadData();
    const res = await client.mutate({ mutation, variables });
    const r = (res.data as Outcome | null | undefined)?.result;
    return r?.__typename === 'CollectionSubmissionSuccess' ? { ok: true, text: r.submission!.status } : { ok: false, text: r?.message ?? 'Something went wrong.' };
  };
}

const STATUS_TEXT: Record<string, string> = { APPROVED: 'Approved', EDITS_REQUESTED: 'Edits requested', DECLINED: 'Declined', REMOVED: 'Removed from the publication' };

/** Told of each decision that succeeded: the list re-fetched without the item, so the page says what happened. */
type OnDone = (text: string) => void;

function SubmissionItem({ s, onDone }: { s: Submission; onDone: OnDone }) {
  const decide = useDecision();
  const [note, setNote] = useState('');
  const [at, setAt] = useState('');
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const act = (mutation: DocumentNode, variables: Record<string, unknown>) =>
    void decide(mutation, { submissionId: s.id, ...variables }).then((r) => {
      if (r.ok) onDone(`${s.post?.title || 'Untitled story'}: ${STATUS_TEXT[r.text] ?? r.text}`);
      setState(r);
    });
  return (
    <li className={styles.item} data-testid="submission">
      <h3 className={styles.itemTitle}>{s.post?.title || 'Untitled story'}</h3>
      <p className={styles.meta}>
        {s.submittedBy && <Link href={profileHref(s.submittedBy)}>{s.submittedBy.name}</Link>} · submitted {formatDate(s.createdAt)}
        {s.status === 'EDITS_REQUESTED' && ' · edits requested'}
        {s.scheduledFor && ` · scheduled for ${new Date(s.scheduledFor).toUTCString()}`}
      </p>
      {s.comments.length > 0 && (
        <ol className={styles.comments} aria-label="Notes">
          {s.comments.map((c) => (
            <li key={c.id}>
              <strong>{c.author?.name ?? 'Someone'}</strong>: {c.body}
            </li>
          ))}
        </ol>
      )}
      {state?.ok ? (
        <p role="status">{STATUS_TEXT[state.text] ?? state.text}</p>
      ) : s.status === 'APPROVED' ? null : (
        <div className={styles.actions}>
          <label className={styles.field}>
            Publish at (optional, drafts)
            <input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
          </label>
          <button type="button" className={buttonClassName({ variant: 'primary', size: 'small' })} onClick={() => act(APPROVE_SUBMISSION, { scheduledFor: at ? new Date(at).getTime() : null })}>
            Approve
          </button>
          <label className={styles.field}>
            Note to the writer
            <textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} rows={2} />
          </label>
          <button type="button" className={buttonClassName({ variant: 'outline', size: 'small' })} onClick={() => act(REQUEST_SUBMISSION_EDITS, { note })}>
            Request edits
          </button>
          <button type="button" className={buttonClassName({ variant: 'outline', size: 'small' })} onClick={() => act(DECLINE_SUBMISSION, { note: note || null })}>
            Decline
          </button>
          {state && !state.ok && <p role="alert">{state.text}</p>}
        </div>
      )}
    </li>
  );
}

function RemovableStory({ post, collectionId, onDone }: { post: PostPreview; collectionId: string; onDone: OnDone }) {
  const decide = useDecision();
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <li className={styles.item}>
      <PostCard post={post} compact />
      {state?.ok ? (
        <p role="status">Removed from the publication</p>
      ) : (
        <button type="button" className={buttonClassName({ variant: 'outline', size: 'small' })} onClick={() =>
            void decide(REMOVE_POST_FROM_COLLECTION, { collectionId, postId: post.id }).then((r) => {
              if (r.ok) onDone(`${post.title || 'Untitled story'}: ${STATUS_TEXT.REMOVED}`);
              setState(r);
            })
          }
        >
          Remove from publication
        </button>
      )}
      {state && !state.ok && <p role="alert">{state.text}</p>}
    </li>
  );
}

export default function PublicationStoriesPage({ params }: PageProps) {
  const { pathname } = useNavigation();
  const [done, setDone] = useState<string | null>(null);
  const tab = storiesTabOf(params) ?? 'submissions';
  const variables = { ...publicationVariables(params), filterBy: tab };
  const pageData = usePageQuery<Data>(PUBLICATION_STORIES_QUERY, variables);
  // After a decision the list is asked for again: a decided submission leaves this tab for another.
  const [fresh, setFresh] = useState<Data | null>(null);
  const loadData = useBrowserData();
  const decided = (text: string) => {
    setDone(text);
    void loadData()
      .then(({ client }) => client.query({ query: PUBLICATION_STORIES_QUERY, variables, fetchPolicy: 'network-only' }))
      .then(({ data }) => data && setFresh(data as Data));
  };
  const data = fresh ?? pageData;
  const c = data?.collection;
  if (!c) return null;
  const base = publicationBaseHere(c, pathname);
  const lists = tab === 'submissions' || tab === 'scheduled';
  const empty = lists ? c.submissions.length === 0 : c.editorStories.length === 0;
  return (
    <>
      <PublicationMasthead publication={c} inset />
      <main className={styles.page}>
        <h1 className={styles.heading}>Stories</h1>
        <nav className={styles.tabs} aria-label="Stories">
          {STORIES_TABS.map((t) => (
            <Link key={t.id} href={`${base}/stories/${t.id}`} className={t.id === tab ? styles.active : styles.tab} aria-current={t.id === tab ? 'page' : undefined}>
              {t.label}
            </Link>
          ))}
        </nav>
        {tab === 'featured' && (
          <p className={styles.meta}>
            Featured stories are chosen and ordered in <Link href={`${base}/manage/stories/featured`}>Manage featured stories</Link>.
          </p>
        )}
        {done && (
          <p className={styles.meta} role="status">
            {done}
          </p>
        )}
        {empty && <p className={styles.meta}>Nothing here yet.</p>}
        <ul className={styles.list}>
          {lists && c.submissions.map((s) => <SubmissionItem key={s.id} s={s} onDone={decided} />)}
          {tab === 'published' && c.editorStories.map((p) => <RemovableStory key={p.id} post={p} collectionId={c.id} onDone={decided} />)}
          {(tab === 'unlisted' || tab === 'featured') &&
            c.editorStories.map((p) => (
              <li key={p.id} className={styles.item}>
                <PostCard post={p} compact />
              </li>
            ))}
        </ul>
      </main>
    </>
  );
}
