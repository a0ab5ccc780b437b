import type { DocumentNode } from 'graphql';
import type { BrowserData } from '../../apollo/browser-data.js';

export type SocialOutcome = { ok: true } | { ok: false; message: string | null; code: string | null };

type GraphQLErrorLike = { message?: string; extensions?: { code?: unknown } };

/**
 * Runs a follow or mute mutation (Apollo loaded on first use). A refusal of the server
 * (PublicError: 'You cannot follow yourself.', an account that is not available) comes
 * back with its message; a failed request with none.
 */
export async function runSocialMutation(loadData: () => Promise<BrowserData>, mutation: DocumentNode, variables: Record<string, unknown>): Promise<SocialOutcome> {
  try {
    const { client } = await loadData();
    const { data, error } = await client.mutate({ mutation, variables });
    if (!error && data) return { ok: true };
    const first = (error as { errors?: GraphQLErrorLike[] } | undefined)?.errors?.[0];
    const code = typeof first?.extensions?.code === 'string' ? first.extensions.code : null;
    return { ok: false, message: code && code !== 'INTERNAL_SERVER_ERROR' ? (first?.message ?? null) : null, code };
  } catch {
    return { ok: false, message: null, code: null };
  }
}
