/**
 * Story submissions (spec §4): a writer offers a story to a publication, its editors approve
 * (the story joins it: posts.collection_id, through the posts module), ask for edits, decline
 * or later remove it. Each command is one transaction that locks the publication first (the
 * role and the change see the same membership), then the story, then the submission.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notifyEventDispatchers } from '../../platform/events/outbox.js';
import { newId } from '../../platform/ids.js';
import { lockStoryForSubmission, setPostCollection } from '../posts/collection.js';
import { audit, lockWithRole, PublicationRefusal, publicationTransaction, rowsOf, type PublicationOutcome, type Tx } from './commands.js';
import { PUBLICATION_COLUMNS, PUBLICATION_MESSAGES, type PublicationRole, type PublicationRow, roleAtLeast } from './model.js';
import { roleIn } from './queries.js';
import { SUBMISSION_COLUMNS, SUBMISSION_LIMITS, SUBMISSION_MESSAGES, UNDECIDED_STATUSES, OPEN_STATUSES, type SubmissionRow, type SubmissionStatus } from './submission-model.js';

const cols = sql.raw(SUBMISSION_COLUMNS);
const refuse = (kind: 'not-found' | 'bad-request' | 'forbidden' | 'already-exists', message: string): never => {
  throw new PublicationRefusal({ kind, message });
};

function run<T>(db: Db, work: (tx: Tx) => Promise<PublicationOutcome<T>>): Promise<PublicationOutcome<T>> {
  return publicationTransaction(db, work).finally(notifyEventDispatchers);
}

async function openSubmissionOf(tx: Tx, postId: string): Promise<SubmissionRow | null> {
  const [s] = await rowsOf<SubmissionRow>(tx, sql`select ${cols} from publication_submissions where post_id = ${postId} and status in ('PENDING', 'EDITS_REQUESTED', 'APPROVED') for update`);
  return s ?? null;
}

/** Who may submit (publications.submission_policy): WRITERS = any member; ANYONE = any signed-in writer; CLOSED = nobody. */
async function checkMaySubmit(tx: Tx, publication: PublicationRow, viewerId: string): Promise<void> {
  if (publication.submissionPolicy === 'CLOSED') refuse('forbidden', SUBMISSION_MESSAGES.closed);
  const role = await roleIn(tx, publication.id, viewerId);
  if (role) return;
  if (publication.submissionPolicy !== 'ANYONE') refuse('forbidden', SUBMISSION_MESSAGES.writersOnly);
  const [{ n }] = (await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from publication_submissions where publication_id = ${publication.id} and submitted_by = ${viewerId} and status in ('PENDING', 'EDITS_REQUESTED')`,
  )) as [{ n: number }];
  if (n >= SUBMISSION_LIMITS.guestOpenPerPublication) refuse('forbidden', SUBMISSION_MESSAGES.guestLimit);
}

async function addComment(tx: Tx, submissionId: string, authorId: string, body: string): Promise<void> {
  await tx.execute(sql`insert into publication_submission_comments (submission_id, author_id, body) values (${submissionId}, ${authorId}, ${body})`);
}

function checkNote(note: string | null | undefined, required: boolean): string | null {
  const text = (note ?? '').trim();
  if (!text) return required ? SUBMISSION_MESSAGES.comment : null;
  return text.length > SUBMISSION_LIMITS.comment ? SUBMISSION_MESSAGES.comment : null;
}

async function insertSubmission(tx: Tx, postId: string, publicationId: string, viewerId: string, now: Date): Promise<SubmissionRow> {
  const [made] = await rowsOf<SubmissionRow>(
    tx,
    sql`insert into publication_submissions (id, post_id, publication_id, submitted_by, status, created_at, updated_at)
      values (${newId()}, ${postId}, ${publicationId}, ${viewerId}, 'PENDING', ${now}, ${now}) returning ${cols}`,
  );
  return made!;
}

/**
 * A writer submits their story (a draft or published) to a publication. A story waiting for
 * the writer's edits in the same publication goes back to PENDING (resubmitted). A story its
 * publication's editor (or owner) submits is APPROVED at once: it joins the publication.
 */
export function submitStory(db: Db, viewerId: string, input: { postId: string; publicationId: string }, now = new Date()): Promise<PublicationOutcome<SubmissionRow>> {
  return run(db, async (tx) => {
    const [publication] = await rowsOf<PublicationRow>(tx, sql`select ${sql.raw(PUBLICATION_COLUMNS)} from publications where id = ${input.publicationId} for update`);
    if (!publication) return refuse('not-found', PUBLICATION_MESSAGES.notFound);
    const story = await lockStoryForSubmission(tx, input.postId);
    if (!story || story.creatorId !== viewerId || story.isResponse || story.isTrashed) return refuse('bad-request', SUBMISSION_MESSAGES.story);
    const open = await openSubmissionOf(tx, story.id);
    if (open?.publicationId === publication.id && open.status === 'EDITS_REQUESTED') {
      const [again] = await rowsOf<SubmissionRow>(tx, sql`update publication_submissions set status = 'PENDING', updated_at = ${now} where id = ${open.id} returning ${cols}`);
      return { kind: 'ok', value: again! };
    }
    if (open) return refuse('already-exists', SUBMISSION_MESSAGES.alreadyOpen);
    if (story.collectionId) return refuse('already-exists', SUBMISSION_MESSAGES.inPublication);
    await checkMaySubmit(tx, publication, viewerId);
    const made = await insertSubmission(tx, story.id, publication.id, viewerId, now);
    // One path for everyone: an editor's (or the owner's) own story is submitted too, and approved
    // by them at once, as if they had approved it from the queue.
    if (!roleAtLeast(await roleIn(tx, publication.id, viewerId), 'EDITOR')) return { kind: 'ok', value: made };
    await setPostCollection(tx, story.id, publication.id, now);
    return { kind: 'ok', value: await setStatus(tx, made, 'APPROVED', viewerId, now, null) };
  });
}

/**
 * Loads a submission for a decision: the publication locked with the viewer's role (at least
 * `least`, or the submitter when `submitterMay`), then the story and the submission.
 */
async function lockSubmission(tx: Tx, submissionId: string, viewerId: string, opts: { submitterMay: boolean }): Promise<{ submission: SubmissionRow; isEditor: boolean }> {
  const [peek] = await rowsOf<{ publicationId: string }>(tx, sql`select publication_id as "publicationId" from publication_submissions where id = ${submissionId}`);
  if (!peek) return refuse('not-found', SUBMISSION_MESSAGES.notFound);
  const [publication] = await rowsOf<{ id: string }>(tx, sql`select id from publications where id = ${peek.publicationId} for update`);
  if (!publication) return refuse('not-found', SUBMISSION_MESSAGES.notFound);
  const isEditor = roleAtLeast(await roleIn(tx, publication.id, viewerId), 'EDITOR');
  const [first] = await rowsOf<{ postId: string }>(tx, sql`select post_id as "postId" from publication_submissions where id = ${submissionId}`);
  await lockStoryForSubmission(tx, first!.postId);
  const [submission] = await rowsOf<SubmissionRow>(tx, sql`select ${cols} from publication_submissions where id = ${submissionId} for update`);
  const isSubmitter = submission!.submittedBy === viewerId;
  if (!isEditor && !(opts.submitterMay && isSubmitter)) {
    // Others do not learn that the submission exists.
    return refuse(isSubmitter ? 'forbidden' : 'not-found', isSubmitter ? PUBLICATION_MESSAGES.forbidden : SUBMISSION_MESSAGES.notFound);
  }
  return { submission: submission!, isEditor };
}

async function setStatus(tx: Tx, submission: SubmissionRow, status: SubmissionStatus, viewerId: string, now: Date, scheduledFor: Date | null = submission.scheduledFor): Promise<SubmissionRow> {
  const decided = status !== 'WITHDRAWN';
  const [row] = await rowsOf<SubmissionRow>(
    tx,
    sql`update publication_submissions set status = ${status}, scheduled_for = ${scheduledFor}, updated_at = ${now},
      decided_by = ${decided ? viewerId : submission.decidedBy}, decided_at = ${decided ? now : submission.decidedAt}
      where id = ${submission.id} returning ${cols}`,
  );
  await audit(tx, submission.publicationId, viewerId, `submission.${status.toLowerCase()}`, { postId: submission.postId, submissionId: submission.id });
  return row!;
}

const requireUndecided = (s: SubmissionRow) => {
  if (!UNDECIDED_STATUSES.includes(s.status)) refuse('bad-request', SUBMISSION_MESSAGES.notUndecided);
};

/** The writer takes their story back: waiting, or already in the publication (it leaves it). */
export function withdrawSubmission(db: Db, viewerId: string, submissionId: string, now = new Date()): Promise<PublicationOutcome<SubmissionRow>> {
  return run(db, async (tx) => {
    const { submission } = await lockSubmission(tx, submissionId, viewerId, { submitterMay: true });
    if (submission.submittedBy !== viewerId) return refuse('forbidden', PUBLICATION_MESSAGES.forbidden);
    if (!OPEN_STATUSES.includes(submission.status)) return refuse('bad-request', SUBMISSION_MESSAGES.notOpen);
    if (submission.status === 'APPROVED') await setPostCollection(tx, submission.postId, null, now);
    return { kind: 'ok', value: await setStatus(tx, submission, 'WITHDRAWN', viewerId, now, null) };
  });
}

/** A note in the submission's thread, by the writer or an editor. */
export function commentOnSubmission(db: Db, viewerId: string, submissionId: string, body: string): Promise<PublicationOutcome<SubmissionRow>> {
  const problem = checkNote(body, true);
  if (problem) return Promise.resolve({ kind: 'bad-request', message: problem });
  return run(db, async (tx) => {
    const { submission } = await lockSubmission(tx, submissionId, viewerId, { submitterMay: true });
    await addComment(tx, submission.id, viewerId, body.trim());
    return { kind: 'ok', value: submission };
  });
}

/** An editor asks the writer for changes, with a note saying which. */
export function requestEdits(db: Db, viewerId: string, submissionId: string, note: string, now = new Date()): Promise<PublicationOutcome<SubmissionRow>> {
  const problem = checkNote(note, true);
  if (problem) return Promise.resolve({ kind: 'bad-request', message: problem });
  return run(db, async (tx) => {
    const { submission } = await lockSubmission(tx, submissionId, viewerId, { submitterMay: false });
    requireUndecided(submission);
    await addComment(tx, submission.id, viewerId, note.trim());
    return { kind: 'ok', value: await setStatus(tx, submission, 'EDITS_REQUESTED', viewerId, now) };
  });
}

/**
 * An editor approves: the story joins the publication in the same transaction. A published
 * story appears there at once; a draft appears when it is published, by its writer or, given
 * `scheduledFor`, by the scheduled-publishing sweep at that time.
 */
export function approveSubmission(db: Db, viewerId: string, submissionId: string, input: { scheduledFor?: Date | null } = {}, now = new Date()): Promise<PublicationOutcome<SubmissionRow>> {
  const at = input.scheduledFor ?? null;
  if (at && !(at.getTime() > now.getTime())) return Promise.resolve({ kind: 'bad-request', message: SUBMISSION_MESSAGES.schedulePast });
  return run(db, async (tx) => {
    const { submission } = await lockSubmission(tx, submissionId, viewerId, { submitterMay: false });
    requireUndecided(submission);
    const story = await lockStoryForSubmission(tx, submission.postId);
    if (at && story!.isPublished) return refuse('bad-request', SUBMISSION_MESSAGES.schedulePublished);
    await setPostCollection(tx, submission.postId, submission.publicationId, now);
    return { kind: 'ok', value: await setStatus(tx, submission, 'APPROVED', viewerId, now, at) };
  });
}

/** An editor declines, with an optional note to the writer. */
export function declineSubmission(db: Db, viewerId: string, submissionId: string, note?: string | null, now = new Date()): Promise<PublicationOutcome<SubmissionRow>> {
  const problem = checkNote(note, false);
  if (problem) return Promise.resolve({ kind: 'bad-request', message: problem });
  return run(db, async (tx) => {
    const { submission } = await lockSubmission(tx, submissionId, viewerId, { submitterMay: false });
    requireUndecided(submission);
    if (note?.trim()) await addComment(tx, submission.id, viewerId, note.trim());
    return { kind: 'ok', value: await setStatus(tx, submission, 'DECLINED', viewerId, now) };
  });
}

/** An editor takes a story out of the publication (status REMOVED; the story stays the writer's). */
export function removeFromPublication(db: Db, viewerId: string, input: { publicationId: string; postId: string }, now = new Date()): Promise<PublicationOutcome<SubmissionRow>> {
  return run(db, async (tx) => {
    await lockWithRole(tx, input.publicationId, viewerId, 'EDITOR');
    const story = await lockStoryForSubmission(tx, input.postId);
    if (!story || story.collectionId !== input.publicationId) return refuse('bad-request', SUBMISSION_MESSAGES.notInPublication);
    await setPostCollection(tx, story.id, null, now);
    const open = await openSubmissionOf(tx, story.id);
    if (open) return { kind: 'ok', value: await setStatus(tx, open, 'REMOVED', viewerId, now, null) };
    // A story put there without a submission (older data) keeps a record of its removal.
    const [made] = await rowsOf<SubmissionRow>(
      tx,
      sql`insert into publication_submissions (id, post_id, publication_id, submitted_by, status, decided_by, decided_at, created_at, updated_at)
        values (${newId()}, ${story.id}, ${input.publicationId}, ${story.creatorId}, 'REMOVED', ${viewerId}, ${now}, ${now}, ${now}) returning ${cols}`,
    );
    await audit(tx, input.publicationId, viewerId, 'submission.removed', { postId: story.id, submissionId: made!.id });
    return { kind: 'ok', value: made! };
  });
}
