import { useEffect, useMemo, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { useSite } from '../../app-context.js';
import { SEARCH_CONTEXT_USER_QUERY } from '../../graphql/search-operations.js';
import { PUBLICATION_SEARCH_QUERY } from '../../graphql/publication-search-operations.js';
import { browserHost } from '../../lib/publication-search-scope.js';
import { searchContextFor, withCollectionId, withCreatorId, type SearchContext } from '../../lib/search-request.js';
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
  const base = useMemo(() => searchContextFor({ pageId: site.pageId, pathname, viewerId, host: browserHost(), mainHost: site.mainHost }), [site.pageId, pathname, viewerId, site.mainHost]);
  const [resolved, setResolved] = useState<{ base: SearchContext; context: SearchContext } | null>(null);

  useEffect(() => {
    const username = base.creatorUsername;
    const publication = base.publication;
    if (!username && !publication) return;
    const fallback = () => searchContextFor({ pageId: 'default', pathname: '/', viewerId });
    let live = true;
    if (publication) {
      // The publication's id: the page's own query has its frame in the cache already.
      loadData()
        .then(({ client }) => client.query({ query: PUBLICATION_SEARCH_QUERY, variables: { ...publication } as Record<string, string> }))
        .then(({ data }) => {
          const id = (data as { collection?: { id: string } | null } | undefined)?.collection?.id;
          return id ? withCollectionId(base, id) : fallback();
        })
        .catch(fallback)
        .then((context) => live && setResolved({ base, context }));
      return () => {
        live = false;
      };
    }
    if (!username) return;
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

  if (!base.creatorUsername && !base.publication) return base;
  return resolved?.base === base ? resolved.context : null;
}
