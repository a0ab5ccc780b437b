import type { PublicationFrameData } from '../../components/publication/publication-key.js';

type Person = { id: string; name: string; username: string | null };

/** What /{slug}/settings edits (PUBLICATION_SETTINGS_QUERY's collection). */
export interface SettingsCollection extends PublicationFrameData {
  /** The publication's newsletter: the Newsletter entry leads to its settings, or to making one. */
  newsletterV3?: { id: string; slug: string } | null;
  about: string;
  twitterUsername: string | null;
  facebookPageId: string | null;
  googleAnalyticsId: string | null;
  submissionPolicy: string;
  members: { role: string; user: Person }[] | null;
  pendingInvitations: { id: string; role: string; email: string | null; expiresAt: number; invitee: Person | null }[] | null;
  auditLog: { id: string; action: string; createdAt: number; actor: { id: string; name: string } | null }[] | null;
  followers: { users: Person[]; next: string | null } | null;
}

export type Saved = { __typename: string; message?: string; collection?: SettingsCollection };

export const TRY_AGAIN = 'Something went wrong. Please try again.';
