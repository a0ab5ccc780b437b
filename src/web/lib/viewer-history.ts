import { track } from './events.js';
import { getLocalJson, setLocalJson } from './local-storage.js';

/** Spec §9 local storage: the previous viewer id and the list of viewer ids seen on this device. */
export const PREVIOUS_VIEWER_KEY = 'previousViewerId';
export const VIEWER_IDS_KEY = 'viewerIds';
const MAX_REMEMBERED = 20;

/**
 * Remembers who signed in on this device; the first time a second distinct account
 * appears, and each time the count grows, fires 'user.multiUserLogin' (spec §7).
 */
export function rememberViewer(viewerId: string, emit: typeof track = track): void {
  const ids = getLocalJson<string[]>(VIEWER_IDS_KEY, []);
  setLocalJson(PREVIOUS_VIEWER_KEY, viewerId);
  if (ids.includes(viewerId)) return;
  const next = [...ids, viewerId].slice(-MAX_REMEMBERED);
  setLocalJson(VIEWER_IDS_KEY, next);
  if (next.length >= 2) emit('user.multiUserLogin', { viewerCount: next.length });
}
