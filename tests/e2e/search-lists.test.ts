import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { signUpByEmail } from './support/sign-in.js';
import { firstStoryPath } from './support/stories.js';

const h = useBrowser();

async function gql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = (await (await request.post('/_/graphql', { data: { query, variables } })).json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** Names of the lists the endpoint finds, asked with the page's own key. */
async function listNames(request: APIRequestContext, query: string): Promise<string[]> {
  const { searchKey } = await gql<{ searchKey: { appId: string; apiKey: string } }>(request, '{ searchKey { appId apiKey } }');
  const res = await request.post('/1/indexes/*/queries', {
    headers: { 'x-algolia-application-id': searchKey.appId, 'x-algolia-api-key': searchKey.apiKey },
    data: { requests: [{ indexName: 'lists', params: `query=${encodeURIComponent(query)}` }] },
  });
  return ((await res.json()) as { results: { hits: { name: string }[] }[] }).results[0]!.hits.map((hit) => hit.name);
}

/** Letters only, so the word is one search token whatever the stamp. */
const lettersOf = (n: number) => n.toString(36).replace(/[0-9]/g, (d) => 'qwxzvkjyhg'[Number(d)]!);

describe.skipIf(h.skipReason !== '')(`search: lists${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it('the Lists tab shows a public list found by its name, with its creator and stories, linking to its page', async () => {
    const word = `harb${lettersOf(Date.now())}`;
    const name = `Harbour ${word}`;
    const { page, context, errors } = await h.open(1200);
    await signUpByEmail(page, 'Lena Lister', `lena.${word}@example.com`);
    const postId = /([0-9a-f]{12})$/.exec(await firstStoryPath(h.baseUrl))![1];
    const made = await gql<{ createCatalog: { catalog: { slugId: string; creator: { username: string } } } }>(
      context.request,
      `mutation($name: String!, $description: String, $postId: ID) { createCatalog(name: $name, description: $description, visibility: PUBLIC, postId: $postId) {
        ... on CatalogEditSuccess { catalog { slugId creator { username } } } } }`,
      { name, description: 'Stories for a grey morning by the sea', postId },
    );
    const { slugId, creator } = made.createCatalog.catalog;
    await expect.poll(() => listNames(context.request, word), { timeout: 15_000 }).toEqual([name]);

    await page.goto(`/search/lists?q=${word}`, { waitUntil: 'networkidle' });
    const hit = page.getByTestId('search-list').filter({ hasText: name });
    await hit.waitFor();
    expect(await hit.getByRole('link', { name }).getAttribute('href')).toBe(`/@${creator.username}/list/${slugId}`);
    await hit.getByText('Lena Lister').waitFor();
    await hit.getByText('1 story').waitFor();
    await page.screenshot({ path: screenshotPath('search-lists-1200'), fullPage: true });
    // Small screens: the same row, the header with only a search button.
    await page.setViewportSize({ width: 500, height: 900 });
    await hit.getByText('1 story').waitFor();
    await page.screenshot({ path: screenshotPath('search-lists-500'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
