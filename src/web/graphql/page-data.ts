import type { DocumentNode } from 'graphql';
import { createContext } from 'react';

/** One preloaded query: the page's document, its variables and the result data. */
export interface PageDataEntry {
  query: DocumentNode;
  variables: Record<string, unknown> | undefined;
  data: unknown;
}

/** Variables as a key that does not depend on property order. */
export function variablesKey(variables: Record<string, unknown> | undefined): string {
  if (!variables) return '{}';
  return JSON.stringify(variables, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/**
 * The results of a page's preload on the server, read by usePageQuery while rendering.
 * Rendering reads them as they are: no normalized cache is filled and read back per
 * request (see docs/adr/0004-server-render-from-preload-results.md).
 */
export class PageData {
  private readonly byQuery = new Map<DocumentNode, Map<string, unknown>>();

  constructor(readonly entries: readonly PageDataEntry[]) {
    for (const e of entries) {
      let forQuery = this.byQuery.get(e.query);
      if (!forQuery) this.byQuery.set(e.query, (forQuery = new Map()));
      forQuery.set(variablesKey(e.variables), e.data);
    }
  }

  read(query: DocumentNode, variables: Record<string, unknown> | undefined): unknown {
    return this.byQuery.get(query)?.get(variablesKey(variables));
  }
}

/**
 * How usePageQuery reads a page's data where the tree renders: on the server a lookup in
 * PageData, in the browser Apollo's useQuery (src/web/apollo/use-apollo-page-query.ts).
 * The value is one function for the life of a tree, so a hook passed here is always
 * called in the same place. The server never loads Apollo Client.
 */
export type PageQueryReader = (query: DocumentNode, variables: Record<string, unknown> | undefined) => unknown;
export const PageQueryContext = createContext<PageQueryReader | null>(null);
