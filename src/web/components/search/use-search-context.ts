import { useEffect, useMemo, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { useSite } from '../../app-context.js';
import { SEARCH_CONTEXT_USER_QUERY } from '../../graphql/search-operations.js';
import { searchContextFor, withCreatorId, type SearchContext } from '../../lib/search-request.js';
import { useNavigation } from '../../router/navigation.js';

/**
 * The search context of the page shown (spec §2.5). On a writer's pages the writer's id is
 * looked up first (the profile already has it in Apollo's cache); null until then.
 */
export function useSearchContext(): SearchContext | null {
  const site = useSite();
  const { pathname } = useNavigation();
  const loadData = useBrowserData();
  const viewerId = site.viewer?.id ?? null;
  const base = useMemo(() => searchContextFor({ pageId: site.pageId, pathname, viewerId }), [site.pageId, pathname, viewerId]);
  const [resolved, setResolved] = useState<{ base: SearchContext; context: SearchContext } | null>(null);

  useEffect(() => {
    const username = base.creatorUsername;
    if (!username) return;
    let live = true;
    loadData()
      .then(({ client }) => client.query({ query: SEARCH_CONTEXT_USER_QUERY, variables: { username } }))
      .then(({ data }) => {
        const user = (data as { userResult?: { __typename: string; id?: string } } | undefined)?.userResult;
        return user?.__typename === 'User' && user.id ? withCreatorId(base, user.id) : searchContextFor({ pageId: 'default', pathname: '/', viewerId });
      })
      .catch(() => searchContextFor({ pageId: 'default', pathname: '/', viewerId }))
      .then((context) => live && setResolved({ base, context }));
    return () => {
      live = false;
    };
  }, [base, loadData, viewerId]);

  if (!base.creatorUsername) return base;
  return resolved?.base === base ? resolved.context : null;
}
