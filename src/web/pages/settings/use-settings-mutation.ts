import type { ApolloClient } from '@apollo/client';
import type { DocumentNode } from 'graphql';
import { useCallback, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';

export const TRY_AGAIN = 'Please try again.';
export const SIGNED_OUT = 'You were signed out. Sign in again to change your settings.';

export type MutationOutcome<T> = { ok: true; data: T; client: ApolloClient } | { ok: false; message: string };

/** A session ended from another browser turns every call into UNAUTHORIZED: say so, not 'try again'. */
function isUnauthorized(error: unknown): boolean {
  const errors = (error as { errors?: { extensions?: { code?: unknown } }[] } | undefined)?.errors;
  return Array.isArray(errors) && errors.some((e) => e.extensions?.code === 'UNAUTHORIZED');
}

/**
 * Runs a settings mutation with Apollo (loaded on first use, as SusiFlow does) and says
 * whether it went through; `busy` drives the loading buttons, which ignore clicks.
 */
export function useSettingsMutation() {
  const loadData = useBrowserData();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(mutation: DocumentNode, variables?: Record<string, unknown>): Promise<MutationOutcome<T>> => {
      setBusy(true);
      try {
        const { client } = await loadData();
        const { data, error } = await client.mutate({ mutation, variables });
        if (error || !data) return { ok: false, message: isUnauthorized(error) ? SIGNED_OUT : TRY_AGAIN };
        return { ok: true, data: data as T, client };
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
