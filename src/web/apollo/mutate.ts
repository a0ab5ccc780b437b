import type { DocumentNode } from 'graphql';
import type { BrowserData } from './browser-data.js';

/** What a mutation of this app answers: a result variant with its typename and fields. */
export type MutationResult = { __typename: string; message?: string } & Record<string, unknown>;

/**
 * Runs one mutation through Apollo (loaded on first use) and returns its top field's
 * result; null when the request itself failed (the caller says 'Please try again.').
 */
export async function mutateField(loadData: () => Promise<BrowserData>, mutation: DocumentNode, variables: Record<string, unknown>, field: string): Promise<MutationResult | null> {
  try {
    const { client } = await loadData();
    const { data } = await client.mutate({ mutation, variables });
    return ((data as Record<string, MutationResult> | null | undefined)?.[field] as MutationResult | undefined) ?? null;
  } catch {
    return null;
  }
}
