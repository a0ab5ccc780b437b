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

export const SIGN_IN_HREF = '/m/signin?operation=login';
export const SIGN_UP_HREF = '/m/signin?operation=register';
export const WRITE_HREF = '/new-story';
export const NOTIFICATIONS_HREF = '/me/notifications';
export const DOWNLOAD_APP_HREF = '/download-app';
export const SEARCH_HREF = '/search';

export function searchHref(query: string): string {
  return `${SEARCH_HREF}?q=${encodeURIComponent(query)}`;
}
