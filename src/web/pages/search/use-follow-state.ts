import type { DocumentNode } from 'graphql';
import { useEffect, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';

/**
 * What GraphQL says of a hit (the viewer's follow state: the index does not know it).
 * Queries of the hits on screen go out together through Apollo's batch link.
 */
export function useGraphqlItem<T>(query: DocumentNode, variables: Record<string, unknown>, pick: (data: unknown) => T | null): T | null {
  const loadData = useBrowserData();
  const [value, setValue] = useState<T | null>(null);
  const key = JSON.stringify(variables);
  useEffect(() => {
    let live = true;
    loadData()
      .then(({ client }) => client.query({ query, variables }))
      .then(({ data }) => live && setValue(pick(data)))
      .catch(() => {});
    return () => {
      live = false;
    };
    // variables and pick are rebuilt each render; key and the query say what they ask.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadData, query, key]);
  return value;
}
