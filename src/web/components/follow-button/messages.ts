/**
 * Spec §4 toasts of following and muting (follow success/fail/self/already, unfollow,
 * mute, unmute) and spec §8 texts. One place, so pages and tests use the same words.
 */
export const FOLLOW_TOASTS = {
  success: (name: string) => `You're now following ${name}`,
  already: (name: string) => `You're already following ${name}`,
  self: 'You cannot follow yourself.',
  fail: "Sorry, that didn't work. Click Follow on the page below to try again.",
  unfollowed: (name: string) => `You've unfollowed ${name}`,
  muted: (name: string) => `${name} has been muted`,
  unmuted: (name: string) => `${name} has been unmuted`,
  tryAgain: 'Please try again.',
} as const;

/**
 * The toast key of a follow or mute of one writer or topic ('user:{id}', 'tag:{slug}'): the
 * toast of a later change replaces the earlier one's instead of queueing behind it.
 */
export const followToastKey = (storeKey: string) => `follow:${storeKey}`;
export const muteToastKey = (userId: string) => `mute:user:${userId}`;

/** Where a signed-out reader lands after signing up to follow a writer (route ShowUserFollow, spec §6 skipOnboarding=1). */
export function queuedFollowHref(username: string): string {
  return `/@${encodeURIComponent(username)}/follow?skipOnboarding=1`;
}

/** The search parameter that carries a signed-out reader's topic follow through sign-up. */
export const QUEUED_TAG_PARAM = 'followTag';

/** This page's address with the topic follow queued and onboarding skipped (spec §6). */
export function withQueuedTagFollow(here: string, slug: string): string {
  const url = new URL(here, 'http://x');
  url.searchParams.set(QUEUED_TAG_PARAM, slug);
  url.searchParams.set('skipOnboarding', '1');
  return url.pathname + url.search;
}

/** Whether the current address asks to follow this topic (browser only). */
export function queuedTagFollow(slug: string): boolean {
  return typeof window !== 'undefined' && new URLSearchParams(window.location.search).get(QUEUED_TAG_PARAM) === slug;
}
