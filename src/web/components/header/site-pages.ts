/** Page ids whose logo links to membership settings instead of home (spec §2.5). */
const MANAGE_MEMBERSHIP_PAGE_IDS = new Set(['manage-membership', 'manage-membership-confirmation']);

export const MEMBERSHIP_SETTINGS_HREF = '/me/settings#membership';

export function logoHref(pageId: string): string {
  return MANAGE_MEMBERSHIP_PAGE_IDS.has(pageId) ? MEMBERSHIP_SETTINGS_HREF : '/';
}

/** The logged-in home and the logged-out landing both count as home. */
export function isHomePage(pageId: string): boolean {
  return pageId === 'home' || pageId === 'home-lo';
}

/** The site's own Terms of Service and Privacy Policy (routes ShowTerms, ShowPrivacy; modules/site-documents). */
export const TERMS_HREF = '/terms';
export const PRIVACY_HREF = '/privacy';

export const SIGN_IN_HREF = '/m/signin?operation=login';
export const SIGN_UP_HREF = '/m/signin?operation=register';
export const WRITE_HREF = '/new-story';

/**
 * The sign-in page for an operation, coming back to `redirect` (a path on this site) once
 * signed in. Openers of the sign-in modal link here, so they work before hydration, without
 * JavaScript and in a new tab.
 */
export function susiHref(operation: 'login' | 'register', redirect?: string): string {
  const base = operation === 'register' ? SIGN_UP_HREF : SIGN_IN_HREF;
  return redirect ? `${base}&redirect=${encodeURIComponent(redirect)}` : base;
}
export const NOTIFICATIONS_HREF = '/me/notifications';
export const SEARCH_HREF = '/search';

export function searchHref(query: string): string {
  return `${SEARCH_HREF}?q=${encodeURIComponent(query)}`;
}
