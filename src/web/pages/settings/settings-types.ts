/** The viewer as SETTINGS_PAGE_QUERY reads it. */
export interface SettingsViewer {
  id: string;
  name: string;
  username: string | null;
  bio: string;
  pronouns: string[];
  imageId: string | null;
  emailObfuscated: string | null;
  /** A new address waiting for its confirmation link. */
  unverifiedEmail: string | null;
  hasPassword: boolean | null;
  twoFactorEnabled: boolean | null;
}

/** One of the viewer's sign-in sessions (VIEWER_SESSIONS_QUERY). */
export interface SessionRow {
  id: string;
  device: string;
  ip: string;
  createdAt: number;
  lastSeenAt: number;
  isCurrent: boolean;
}
