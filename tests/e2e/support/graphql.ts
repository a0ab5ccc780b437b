import type { BrowserContext } from 'playwright-core';

/** A GraphQL call as the browser context's reader (its cookies); throws on an answer without data. */
export async function contextGql<T>(context: BrowserContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await context.request.post('/_/graphql', { data: { query, variables } });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}
