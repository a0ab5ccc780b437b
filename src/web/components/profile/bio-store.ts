import { createKnownValues } from '../../lib/known-values.js';

/**
 * Bios this browser saved (/me/about), by user id: the sidebar and the editor read a saved
 * bio here, over the fetched one.
 */
export const bioStore = createKnownValues<string>();

/** The user's bio as this browser last saved it, else as fetched. */
export function useBio(userId: string, fetched: string): string {
  return bioStore.use(userId, fetched);
}
