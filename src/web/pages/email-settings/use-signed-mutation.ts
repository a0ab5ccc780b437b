import type { DocumentNode } from 'graphql';
import { useCallback, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { TRY_AGAIN } from '../settings/use-settings-mutation.js';

export type SignedOutcome<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * A mutation of the email settings pages, which work without signing in: the server's own
 * message when it refuses (a link that is not valid), else 'Please try again.'.
 */
export function useSignedMutation() {
  const loadData = useBrowserData();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(mutation: DocumentNode, variables: Record<string, unknown>): Promise<SignedOutcome<T>> => {
      setBusy(true);
      try {
        const { client } = await loadData();
        const { data, error } = await client.mutate({ mutation, variables });
        const refused = (error as { errors?: { message?: string }[] } | undefined)?.errors?.[0]?.message;
        if (error || !data) return { ok: false, message: refused ?? TRY_AGAIN };
        return { ok: true, data: data as T };
      } catch {
        return { ok: false, message: TRY_AGAIN };
      } finally {
        setBusy(false);
      }
    },
    [loadData],
  );
  return { run, busy };
}

/** The signed pair as query parameters, for the unsubscribe-all pages linked from the email settings. */
export const signedQuery = (userId: string, hash: string): string => `?${new URLSearchParams({ userId, hash }).toString()}`;
