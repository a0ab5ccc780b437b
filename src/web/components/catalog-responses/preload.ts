import { THREADED_CATALOG_RESPONSES_QUERY } from '../../graphql/catalog-responses-operations.js';

/**
 * The variables of a list's first page of responses, as a page preloads them and
 * CatalogResponses reads them back: the same object, or the preloaded page is missed.
 * Kept apart from the component so the page registry does not pull its code in.
 * `catalogId` is the list's id or its slugId (the same one the page passes to the component).
 */
export const catalogResponsesVariables = (catalogId: string) => ({ catalogId, sortType: 'MOST_RELEVANT' as const });

/** What a page showing <CatalogResponses catalogId={…} /> adds to its preload, so the discussion is server-rendered. */
export const catalogResponsesPreload = (catalogId: string) => [{ query: THREADED_CATALOG_RESPONSES_QUERY, variables: catalogResponsesVariables(catalogId) }];
