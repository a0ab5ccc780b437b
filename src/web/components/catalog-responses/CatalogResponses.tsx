import { useCallback, useEffect, useMemo, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import {
  HIDE_CATALOG_RESPONSE_MUTATION,
  PUBLISH_CATALOG_RESPONSE_MUTATION,
  SET_CATALOG_RESPONSES_LOCKED_MUTATION,
  SHOW_CATALOG_RESPONSE_MUTATION,
  THREADED_CATALOG_RESPONSES_QUERY,
} from '../../graphql/catalog-responses-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { TRY_AGAIN, useResponsesApi, type ResponsePost, type ResponseSortType, type ResponsesApi } from '../../pages/post/responses/responses-api.js';
import type { ParagraphInputValue } from '../../pages/post/responses/response-text.js';
import { ResponsesThread, type ResponsesPage } from '../../pages/post/responses/ResponsesThread.js';
import { useSite } from '../../app-context.js';
import { ClapButton } from '../clap-button/index.js';
import { useToast } from '../toast/index.js';
import { catalogResponsesVariables } from './preload.js';
import styles from './catalog-responses.module.css';

export const LIST_CLOSED_NOTICE = 'The author has closed discussion for this list.';

interface DiscussionData {
  catalogById: { id: string; clapCount: number; viewerClapCount: number; responsesLocked: boolean; creator: { id: string } } | null;
  threadedCatalogResponses: ResponsesPage | null;
}

export interface CatalogResponsesProps {
  /** The list's id or slugId; a page that preloads the discussion (preload.ts) passes the same value. */
  catalogId: string;
}

/**
 * A list's claps and threaded responses (spec §3 Catalog), below its items: the clap
 * button, the editor, the sort and the responses, each read and written like a story's
 * (ResponsesThread, ResponseItem). The list's owner may hide a response (a toast with
 * Undo); a locked list shows the spec's closed notice. Server-rendered when the page
 * preloads catalogResponsesPreload(catalogId); otherwise it loads in the browser.
 * Renders nothing for a list the viewer may not see.
 */
export function CatalogResponses({ catalogId }: CatalogResponsesProps) {
  const data = useDiscussion(catalogId);
  const shown = typeof data === 'object' ? data : null;
  const catalog = shown?.catalogById ?? null;
  const first = shown?.threadedCatalogResponses ?? null;
  const api = useCatalogResponsesApi(catalog?.id ?? catalogId);
  const [count, setCount] = useState<number | null>(null);
  const changeCount = useCallback((change: (n: number) => number) => setCount((n) => change(n ?? first?.responsesCount ?? 0)), [first]);
  const { viewer } = useSite();
  const toast = useToast();
  // The owner's own choice wins over the fetched flag once they change it here.
  const [lockedNow, setLockedNow] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);

  if (data === undefined) return <section className={styles.discussion} aria-label="Responses" aria-busy="true" data-testid="catalog-responses" />;
  if (data === 'failed') return <p className={styles.failed}>The responses could not be loaded.</p>;
  if (!catalog || !first) return null;
  const locked = lockedNow ?? catalog.responsesLocked;
  const toggleLocked = async () => {
    setSaving(true);
    const ok = await api.setLocked(!locked);
    setSaving(false);
    if (!ok) return toast.show({ message: 'Something went wrong. Please try again.', toastStyle: 'ERROR' });
    setLockedNow(!locked);
    toast.show({ message: locked ? 'Responses to this list are open again.' : 'Responses to this list are closed.' });
  };
  return (
    <section className={styles.discussion} aria-label="Claps and responses" data-testid="catalog-responses">
      <ResponsesThread
        first={first}
        api={api}
        loadPage={api.listPage}
        publish={api.respond}
        parentCreatorId={catalog.creator.id}
        open={!locked}
        closedNotice={LIST_CLOSED_NOTICE}
        count={count ?? first.responsesCount}
        changeCount={changeCount}
        aside={
          <div className={styles.actions}>
            {viewer?.id === catalog.creator.id && (
              <button type="button" className={styles.lockButton} onClick={() => void toggleLocked()} disabled={saving} aria-pressed={locked}>
                {locked ? 'Reopen responses' : 'Close responses'}
              </button>
            )}
            <ClapButton catalogId={catalog.id} creatorId={catalog.creator.id} clapCount={catalog.clapCount} viewerClapCount={catalog.viewerClapCount} />
          </div>
        }
      />
    </section>
  );
}

/**
 * The discussion's first page: the page's preload when it has one (server-rendered), else
 * fetched once the component is in the browser (a page that did not preload it).
 */
function useDiscussion(catalogId: string): DiscussionData | 'failed' | undefined {
  const preloaded = usePageQuery<DiscussionData>(THREADED_CATALOG_RESPONSES_QUERY, catalogResponsesVariables(catalogId));
  const loadData = useBrowserData();
  const [fetched, setFetched] = useState<DiscussionData | 'failed' | undefined>(undefined);
  useEffect(() => {
    if (preloaded) return;
    let live = true;
    loadData()
      .then(({ client }) => client.query({ query: THREADED_CATALOG_RESPONSES_QUERY, variables: catalogResponsesVariables(catalogId), fetchPolicy: 'network-only' }))
      .then(({ data }) => live && setFetched((data as DiscussionData | undefined) ?? 'failed'))
      .catch(() => live && setFetched('failed'));
    return () => {
      live = false;
    };
  }, [preloaded, loadData, catalogId]);
  return preloaded ?? fetched;
}

/**
 * A story's responses API (replies are responses to posts) with the list's own calls: its
 * pages, a response to the list, and hiding one (a top-level response has no parent post).
 */
function useCatalogResponsesApi(catalogId: string) {
  const loadData = useBrowserData();
  const storyApi = useResponsesApi();
  return useMemo(
    () => ({
      ...storyApi,
      async listPage(sortType: ResponseSortType, to: string | null): Promise<ResponsesPage | null> {
        const { client } = await loadData();
        const { data } = await client.query({ query: THREADED_CATALOG_RESPONSES_QUERY, variables: { catalogId, sortType, to }, fetchPolicy: 'network-only' });
        return (data as DiscussionData | undefined)?.threadedCatalogResponses ?? null;
      },
      async respond(paragraphs: ParagraphInputValue[]): Promise<ResponsePost | string> {
        const result = await mutateField(loadData, PUBLISH_CATALOG_RESPONSE_MUTATION, { catalogId, paragraphs }, 'publishCatalogResponse');
        if (!result) return TRY_AGAIN;
        if (result.__typename === 'Post') return result as unknown as ResponsePost;
        return result.message ?? TRY_AGAIN;
      },
      /** The owner closes (true) or reopens the discussion; true when done. */
      async setLocked(responsesLocked: boolean): Promise<boolean> {
        const result = await mutateField(loadData, SET_CATALOG_RESPONSES_LOCKED_MUTATION, { catalogId, responsesLocked }, 'updateCatalog');
        return result?.__typename === 'CatalogEditSuccess';
      },
      async setHidden(parentPostId: string, responseId: string, hidden: boolean): Promise<boolean> {
        if (parentPostId) return storyApi.setHidden(parentPostId, responseId, hidden);
        const [mutation, field] = hidden ? [HIDE_CATALOG_RESPONSE_MUTATION, 'hideCatalogResponse'] : [SHOW_CATALOG_RESPONSE_MUTATION, 'showCatalogResponseOnParent'];
        const result = await mutateField(loadData, mutation, { parentCatalogId: catalogId, catalogResponseId: responseId }, field);
        return result?.__typename === 'Post';
      },
    }) satisfies ResponsesApi & Record<string, unknown>,
    [loadData, storyApi, catalogId],
  );
}
