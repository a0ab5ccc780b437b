import { useState, type FormEvent } from 'react';
import type { ApolloClient } from '@apollo/client';
import { useSite } from '../../app-context.js';
import { formatDate } from '../../../shared/format.js';
import { mutateField, type MutationResult } from '../../apollo/mutate.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { Button, buttonClassName } from '../../components/button/Button.js';
import { ConfirmationDialog } from '../../components/confirmation-dialog/index.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { useToast } from '../../components/toast/index.js';
import { CREATE_SEQUENCE, DELETE_SEQUENCE, PUBLISH_SEQUENCE, SEQUENCE_EDIT_QUERY, SERIES_CANDIDATES_QUERY, UNPUBLISH_SEQUENCE, UPDATE_SEQUENCE } from '../../graphql/series-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import { CoverImageField } from './CoverImageField.js';
import { PartsOrder, type PartStory } from './PartsOrder.js';
import styles from './SequenceEditorPage.module.css';

type Story = PartStory & { firstPublishedAt: number | null };
interface CandidatesData {
  seriesCandidates: Story[];
}
interface EditData {
  sequence: { id: string; slug: string; title: string; description: string; coverImageId: string | null; isPublished: boolean; posts: Story[] } | null;
}
type Saved = { sequence: { id: string; slug: string; isPublished: boolean } };

const TRY_AGAIN = 'Something went wrong. Please try again.';

/**
 * After a change, what other pages cached about the writer's series is stale (the series page,
 * the story pages' series bar, Your series, the picker, the profile's tab): forgotten, so the
 * next visit asks again.
 */
function forgetSeries(client: ApolloClient, sequenceId: string, viewerId: string | null): void {
  client.cache.evict({ id: client.cache.identify({ __typename: 'Sequence', id: sequenceId }) });
  for (const fieldName of ['sequence', 'viewerSequences', 'seriesCandidates']) client.cache.evict({ id: 'ROOT_QUERY', fieldName });
  if (viewerId) client.cache.evict({ id: client.cache.identify({ __typename: 'User', id: viewerId }), fieldName: 'sequences' });
  client.cache.gc();
}

/**
 * /s/new and /s/{sequenceSlug}/edit (page id sequence-editor, top-nav layout): the writer's
 * series — title, description, and its parts picked from their published stories and put in
 * order (buttons, or Alt+↑/↓ on a focused part). Saving makes or updates the series; a new
 * one is a draft until published here.
 */
export default function SequenceEditorPage(props: PageProps) {
  // Another series (or the new one once saved) starts from its own data.
  return <SequenceEditor key={props.params.sequenceSlug ?? 'new'} {...props} />;
}

function SequenceEditor({ params }: PageProps) {
  const editing = params.sequenceSlug !== undefined;
  const loadedCandidates = usePageQuery<CandidatesData>(SERIES_CANDIDATES_QUERY)?.seriesCandidates ?? [];
  const existing = usePageQuery<EditData>(SEQUENCE_EDIT_QUERY, editing ? { sequenceSlug: params.sequenceSlug } : undefined);
  // The series and the picker as they were when the editor opened: what the cache forgets after
  // a save does not change the form (a story taken out of this series stays offered, as one of its parts).
  const [sequence] = useState(() => (editing ? (existing?.sequence ?? null) : null));
  const [candidates] = useState(loadedCandidates);
  const { viewer } = useSite();
  const loadData = useBrowserData();
  const toast = useToast();
  const nav = useNavigation();

  const [title, setTitle] = useState(sequence?.title ?? '');
  const [description, setDescription] = useState(sequence?.description ?? '');
  const [coverImageId, setCoverImageId] = useState<string | null>(sequence?.coverImageId ?? null);
  const [parts, setParts] = useState<PartStory[]>(sequence?.posts ?? []);
  const [published, setPublished] = useState(sequence?.isPublished ?? false);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  // The picker: stories in no series, and this series' own parts taken out of the list (until saved).
  const chosen = new Set(parts.map((p) => p.id));
  const available = [...(sequence?.posts ?? []), ...candidates].filter((c) => !chosen.has(c.id));

  /** Runs a mutation; on a refusal shows the server's message and returns null. */
  const run = async (doc: Parameters<typeof mutateField>[1], variables: Record<string, unknown>, field: string): Promise<Saved | null> => {
    const r: MutationResult | null = await mutateField(loadData, doc, variables, field);
    if (r?.__typename === 'SequenceSuccess') {
      setError(null);
      const { client } = await loadData();
      forgetSeries(client, (r as unknown as Saved).sequence.id, viewer?.id ?? null);
      return r as unknown as Saved;
    }
    setError(r?.message ?? TRY_AGAIN);
    return null;
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy('save');
    const input = { title, description, coverImageId, postIds: parts.map((p) => p.id) };
    const saved = sequence
      ? await run(UPDATE_SEQUENCE, { sequenceId: sequence.id, input }, 'updateSequence')
      : await run(CREATE_SEQUENCE, { input }, 'createSequence');
    setBusy(null);
    if (!saved) return;
    toast.show({ message: sequence ? 'Your series was saved.' : 'Your series was saved as a draft.' });
    // A new series (or a new title) has a new address.
    if (!sequence || saved.sequence.slug !== params.sequenceSlug) nav.navigate(`/s/${saved.sequence.slug}/edit`, { replace: true });
  };

  const togglePublished = async () => {
    if (!sequence) return;
    setBusy('publish');
    const saved = await run(published ? UNPUBLISH_SEQUENCE : PUBLISH_SEQUENCE, { sequenceId: sequence.id }, published ? 'unpublishSequence' : 'publishSequence');
    setBusy(null);
    if (!saved) return;
    setPublished(saved.sequence.isPublished);
    toast.show({ message: saved.sequence.isPublished ? 'Your series is published.' : 'Your series is a draft again: only you can see it.' });
  };

  const remove = async () => {
    if (!sequence) return;
    const gone = await run(DELETE_SEQUENCE, { sequenceId: sequence.id }, 'deleteSequence');
    if (!gone) return;
    toast.show({ message: 'Your series was deleted. Its stories are still published.' });
    nav.navigate('/me/series', { replace: true });
  };

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.heading}>{sequence ? 'Edit series' : 'New series'}</h1>
        {sequence && (
          <span className={styles.status}>
            {published ? 'Published' : 'Draft'} ·{' '}
            <Link href={`/s/${sequence.slug}`} className={styles.view}>
              View series
            </Link>
          </span>
        )}
      </div>
      <form onSubmit={(e) => void save(e)} className={styles.form} noValidate>
        <label className={styles.label} htmlFor="series-title">
          Title
        </label>
        <input id="series-title" className={styles.input} value={title} maxLength={100} required onChange={(e) => setTitle(e.target.value)} />
        <label className={styles.label} htmlFor="series-description">
          Description <span className={styles.optional}>(optional)</span>
        </label>
        <textarea id="series-description" className={styles.textarea} value={description} maxLength={280} rows={3} onChange={(e) => setDescription(e.target.value)} />
        <CoverImageField imageId={coverImageId} onChange={setCoverImageId} onError={setError} />

        <h2 className={styles.subheading}>Parts</h2>
        <PartsOrder parts={parts} onChange={setParts} />

        <h2 className={styles.subheading}>Your published stories</h2>
        {available.length === 0 ? (
          <p className={styles.hint}>{candidates.length === 0 && parts.length === 0 ? 'Publish a story first: a series is made of your published stories (each in one series at most).' : 'No other story of yours can join: each story is in one series at most.'}</p>
        ) : (
          <ul className={styles.candidates} aria-label="Your published stories">
            {available.map((c) => (
              <li key={c.id} className={styles.candidate}>
                <span className={styles.partTitle}>
                  {c.title || 'Untitled story'}
                  {c.firstPublishedAt && <span className={styles.date}>{formatDate(c.firstPublishedAt)}</span>}
                </span>
                <button type="button" className={styles.textButton} onClick={() => setParts([...parts, { id: c.id, title: c.title }])} aria-label={`Add “${c.title || 'Untitled story'}”`}>
                  Add
                </button>
              </li>
            ))}
          </ul>
        )}

        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <LoadingButton type="submit" variant="accent" loading={busy === 'save'} loadingLabel="Saving">
            Save
          </LoadingButton>
          {sequence && (
            <LoadingButton variant="outline" loading={busy === 'publish'} onClick={() => void togglePublished()}>
              {published ? 'Unpublish' : 'Publish'}
            </LoadingButton>
          )}
          {sequence && (
            <Button variant="danger" className={styles.delete} onClick={() => setConfirmDelete(true)}>
              Delete series
            </Button>
          )}
          {!sequence && (
            <Link href="/me/series" className={buttonClassName({ variant: 'text' })}>
              Cancel
            </Link>
          )}
        </div>
      </form>
      <ConfirmationDialog isVisible={confirmDelete} hide={() => setConfirmDelete(false)} title="Delete this series?" confirmText="Delete" confirmVariant="danger" onConfirm={remove}>
        The series goes away; its stories stay published.
      </ConfirmationDialog>
    </div>
  );
}
