/** Spec §4 story submissions to a publication: statuses, limits and messages. */
export const SUBMISSION_STATUSES = ['PENDING', 'EDITS_REQUESTED', 'APPROVED', 'DECLINED', 'REMOVED', 'WITHDRAWN'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** Open submissions: at most one per story. */
export const OPEN_STATUSES: readonly SubmissionStatus[] = ['PENDING', 'EDITS_REQUESTED', 'APPROVED'];
/** Waiting for the editors (PENDING) or for the writer's changes (EDITS_REQUESTED). */
export const UNDECIDED_STATUSES: readonly SubmissionStatus[] = ['PENDING', 'EDITS_REQUESTED'];

export const SUBMISSION_LIMITS = { guestOpenPerPublication: 3, comment: 2000 } as const;

export const SUBMISSION_MESSAGES = {
  notFound: 'Submission not found.',
  story: 'Only your own stories (not responses, not in the trash) can be submitted.',
  closed: 'This publication is not accepting submissions.',
  writersOnly: 'Only the writers of this publication can submit stories to it.',
  guestLimit: `A guest writer can have at most ${SUBMISSION_LIMITS.guestOpenPerPublication} submissions waiting in a publication.`,
  alreadyOpen: 'This story is already submitted to a publication. Withdraw it first.',
  inPublication: 'This story is already in a publication.',
  notUndecided: 'Only a submission waiting for a decision can be changed that way.',
  notOpen: 'This submission is no longer open.',
  comment: `A note is 1 to ${SUBMISSION_LIMITS.comment} characters.`,
  schedulePublished: 'A published story joins the publication at once; only a draft can be scheduled.',
  schedulePast: 'Choose a publish time in the future.',
  notInPublication: 'This story is not in this publication.',
} as const;

/** Spec §3 Post.statusForCollection from the story's latest submission (and its collection). */
export function statusForCollection(latest: SubmissionStatus | null, inCollection: boolean): 'APPROVED' | 'PENDING' | 'REMOVED' | null {
  if (latest === 'APPROVED' || (inCollection && latest === null)) return 'APPROVED';
  if (latest === 'PENDING' || latest === 'EDITS_REQUESTED') return 'PENDING';
  if (latest === 'REMOVED') return 'REMOVED';
  return null;
}

export interface SubmissionRow {
  id: string;
  postId: string;
  publicationId: string;
  submittedBy: string;
  status: SubmissionStatus;
  scheduledFor: Date | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const SUBMISSION_COLUMNS = `id, post_id as "postId", publication_id as "publicationId", submitted_by as "submittedBy", status,
  scheduled_for as "scheduledFor", decided_by as "decidedBy", decided_at as "decidedAt", created_at as "createdAt", updated_at as "updatedAt"`;
