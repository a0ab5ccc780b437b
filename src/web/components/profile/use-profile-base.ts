import { useNavigation } from '../../router/navigation.js';
import { baseHere } from './profile-lookup.js';

/** baseHere for the page on screen. */
export function useProfileBase(user: { id: string; username: string | null }): string {
  return baseHere(user, useNavigation().pathname);
}
