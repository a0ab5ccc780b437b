import { SUBMISSION_POLICIES, type PublicationNavigationItem, type SubmissionPolicy } from './model.js';

/** Limits of the settings pages (spec §3 navigationItems; invitations decided here: 14 days). */
export const ADMIN_LIMITS = { navigationItems: 8, navigationTitle: 40, navigationValue: 500, about: 5000, twitter: 15, facebook: 100, invitationDays: 14 } as const;

export const ADMIN_MESSAGES = {
  navigationCount: `A publication has at most ${ADMIN_LIMITS.navigationItems} navigation items.`,
  navigationTitle: `Each navigation item needs a title of 1 to ${ADMIN_LIMITS.navigationTitle} characters.`,
  navigationDestination: 'A navigation item leads to a TAG, a FEATURE_PAGE or a URL.',
  navigationValue: 'Each navigation item needs a tag, a feature page or an address.',
  navigationUrl: 'A navigation address must start with http:// or https://.',
  about: `The about text is at most ${ADMIN_LIMITS.about} characters.`,
  twitter: 'A Twitter username is 1 to 15 letters, digits or underscores.',
  facebook: 'A Facebook page id is letters, digits, dots or hyphens.',
  analytics: 'A Google Analytics id looks like G-XXXXXXX or UA-XXXXX-Y.',
  submissionPolicy: 'Who may submit is WRITERS, ANYONE or CLOSED.',
  inviteRole: 'Invite as an EDITOR or a WRITER.',
  inviteTarget: 'Invite someone by their username or email address.',
  noSuchUser: 'No one has that username.',
  alreadyMember: 'They already work on this publication.',
  invitationGone: 'That invitation is no longer open.',
  notYourInvitation: 'That invitation is for someone else.',
  ownerRole: "The owner's role changes only by transferring ownership.",
  notMember: 'They do not work on this publication.',
  transferTarget: 'Ownership goes to one of the publication’s editors.',
  ownerLeaves: 'Transfer ownership to an editor before leaving the publication.',
  removeSelf: 'To stop working on this publication, leave it.',
} as const;

export type InvitableRole = 'EDITOR' | 'WRITER';
export const isInvitableRole = (r: unknown): r is InvitableRole => r === 'EDITOR' || r === 'WRITER';
export const isSubmissionPolicy = (p: unknown): p is SubmissionPolicy => (SUBMISSION_POLICIES as readonly unknown[]).includes(p);

const DESTINATIONS = ['TAG', 'FEATURE_PAGE', 'URL'] as const;

/** The navigation items trimmed, or the first problem with them. */
export function checkNavigationItems(items: readonly PublicationNavigationItem[]): { items: PublicationNavigationItem[] } | { problem: string } {
  if (items.length > ADMIN_LIMITS.navigationItems) return { problem: ADMIN_MESSAGES.navigationCount };
  const out: PublicationNavigationItem[] = [];
  for (const item of items) {
    const title = item.title.trim();
    const value = item.value.trim();
    if (title.length < 1 || title.length > ADMIN_LIMITS.navigationTitle) return { problem: ADMIN_MESSAGES.navigationTitle };
    if (!(DESTINATIONS as readonly string[]).includes(item.destination)) return { problem: ADMIN_MESSAGES.navigationDestination };
    if (!value || value.length > ADMIN_LIMITS.navigationValue) return { problem: ADMIN_MESSAGES.navigationValue };
    if (item.destination === 'URL' && !isWebUrl(value)) return { problem: ADMIN_MESSAGES.navigationUrl };
    out.push({ title, value: item.destination === 'TAG' ? value.toLowerCase() : value, destination: item.destination });
  }
  return { items: out };
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** The optional social and analytics settings: null when empty, or the first problem. */
export function socialProblem(input: { twitterUsername?: string | null; facebookPageId?: string | null; googleAnalyticsId?: string | null }): string | null {
  const tw = input.twitterUsername?.trim().replace(/^@/, '');
  if (tw && !/^[A-Za-z0-9_]{1,15}$/.test(tw)) return ADMIN_MESSAGES.twitter;
  const fb = input.facebookPageId?.trim();
  if (fb && !new RegExp(`^[A-Za-z0-9.-]{1,${ADMIN_LIMITS.facebook}}$`).test(fb)) return ADMIN_MESSAGES.facebook;
  const ga = input.googleAnalyticsId?.trim();
  if (ga && !/^(G-[A-Z0-9]{4,12}|UA-\d{4,10}-\d{1,4})$/.test(ga)) return ADMIN_MESSAGES.analytics;
  return null;
}

export const emptyToNull = (s: string | null | undefined) => (s?.trim() ? s.trim().replace(/^@/, '') : null);
