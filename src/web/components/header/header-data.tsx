import { createContext, useContext } from 'react';
import type { DateInput } from '../../../shared/format';

export type MembershipTier = 'FREE' | 'MEMBER' | 'FRIEND';

/** A publication the viewer administers, as the avatar menu lists it. */
export interface AdminPublication {
  id: string;
  name: string;
  href: string;
}

/**
 * Viewer details the shell shows beyond useSite().viewer. The app provides them once through
 * HeaderDataContext (layouts render <Header /> without props); explicit Header props win.
 */
export interface HeaderData {
  /** Unread notifications; 0 hides the badge. */
  unreadNotificationCount?: number;
  membershipTier?: MembershipTier;
  /** The account sign-out route with the session's xsrf token (/m/signout/{xsrf}). */
  signOutHref?: string;
  /** Already obscured, e.g. 'a••••@example.com' (Viewer.emailObfuscated). */
  obscuredEmail?: string;
  memberSince?: DateInput | null;
  adminPublications?: AdminPublication[];
  isPartnerProgramEnrolled?: boolean;
}

export const HeaderDataContext = createContext<HeaderData>({});
export const useHeaderData = () => useContext(HeaderDataContext);
