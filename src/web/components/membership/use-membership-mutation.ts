import type { DocumentNode } from 'graphql';
import { useCallback, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import type { MembershipMutationResultView } from './types.js';

/**
 * Runs one membership mutation (MembershipMutationResult) with Apollo loaded on first use;
 * null when the request itself failed. `busy` drives the loading button.
 */
export function useMembershipMutation() {
  const loadData = useBrowserData();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (mutation: DocumentNode, variables: Record<string, unknown>, field: string): Promise<MembershipMutationResultView | null> => {
      setBusy(true);
      try {
        return (await mutateField(loadData, mutation, variables, field)) as MembershipMutationResultView | null;
      } finally {
        setBusy(false);
      }
    },
    [loadData],
  );
  return { run, busy };
}
