import { normalizeRedirect } from '../../shared/redirect.js';

/** Page topics-onboarding (route ShowTopicsOnboarding). */
export const TOPICS_ONBOARDING_PATH = '/get-started/topics';

/**
 * Where a reader goes once their account was just created: the topics onboarding, unless
 * they signed up from an entry point that skips it (spec §6: clap, highlight, respond,
 * paywall… carry skipOnboarding=1 in their redirect), who go straight back to where they
 * were. The marker is dropped from that address: it has done its job.
 */
export function afterSignUpRedirect(redirect: string | null | undefined): string {
  const target = normalizeRedirect(redirect);
  const q = target.indexOf('?');
  if (q < 0) return TOPICS_ONBOARDING_PATH;
  const hashAt = target.indexOf('#', q);
  const path = target.slice(0, q);
  const hash = hashAt >= 0 ? target.slice(hashAt) : '';
  const query = new URLSearchParams(target.slice(q + 1, hashAt >= 0 ? hashAt : undefined));
  if (query.get('skipOnboarding') !== '1') return TOPICS_ONBOARDING_PATH;
  query.delete('skipOnboarding');
  const rest = query.toString();
  return `${path}${rest ? `?${rest}` : ''}${hash}`;
}
