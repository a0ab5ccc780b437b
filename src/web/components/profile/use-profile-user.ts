import { usePageQuery } from '../../graphql/use-page-query.js';
import { USER_PROFILE_PAGE_QUERY } from '../../graphql/profiles-operations.js';
import { profileLookup } from './profile-lookup.js';
import { userOf, type ProfileUser } from './profile-types.js';

/** The user a profile page is about (the page preloads USER_PROFILE_PAGE_QUERY). */
export function useProfileUser(params: Record<string, string>): ProfileUser | null {
  return userOf<ProfileUser>(usePageQuery(USER_PROFILE_PAGE_QUERY, profileLookup(params)));
}
