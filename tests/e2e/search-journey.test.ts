import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, shootWidths, useBrowser } from './support/browser.js';
import { signUpByEmail } from './support/sign-in.js';

const h = useBrowser();

/** A GraphQL call as the signed-in browser (its cookies). */
async function gql<T = Record<string, unknown>>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await request.post('/_/graphql', { data: { query, variables } });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function publishStory(context: BrowserContext, title: string, subtitle: string): Promise<string> {
  const made = await gql<{ createDraft: { postId: string } }>(
    context.request,
    `mutation($title: String!, $subtitle: String!, $paragraphs: [ParagraphInput!]!) { createDraft(title: $title, subtitle: $subtitle, paragraphs: $paragraphs) { __typename ... on SavedDraft { postId } } }`,
    { title, subtitle, paragraphs: [{ name: 'a1b2', type: 'P', text: `${title} begins where the lamps go out.` }] },
  );
  const input = { tags: ['Lanterns'], visibility: 'PUBLIC', isLocked: false, allowResponses: true, license: 'ALL_RIGHTS_RESERVED' };
  await gql(context.request, 'mutation($postId: ID!, $input: PublishPostInput!) { publishPost(postId: $postId, input: $input) { __typename } }', { postId: made.createDraft.postId, input });
  return made.createDraft.postId;
}

/** What the search endpoint finds for `query` in `indexName`, asked as the page asks (its key). */
async function endpointTitles(request: APIRequestContext, indexName: string, query: string): Promise<string[]> {
  return (await endpointSearch(request, indexName, query)).hits.map((hit) => hit.title ?? hit.name ?? '');
}

async function endpointSearch(request: APIRequestContext, indexName: string, query: string): Promise<{ nbHits: number; hits: { title?: string; name?: string }[] }> {
  const { searchKey } = await gql<{ searchKey: { appId: string; apiKey: string } }>(request, '{ searchKey { appId apiKey } }');
  const res = await request.post('/1/indexes/*/queries', {
    headers: { 'x-algolia-application-id': searchKey.appId, 'x-algolia-api-key': searchKey.apiKey },
    data: { requests: [{ indexName, params: `query=${encodeURIComponent(query)}&hitsPerPage=8` }] },
  });
  const body = (await res.json()) as { results: { nbHits: number; hits: { title?: string; name?: string }[] }[] };
  return body.results[0]!;
}

/** Letters only, so the word is one search token whatever the stamp. */
const lettersOf = (n: number) => n.toString(36).replace(/[0-9]/g, (d) => 'qwxzvkjyhg'[Number(d)]!);

const popover = (page: Page) => page.getByRole('dialog', { name: 'Search suggestions' });
/** The header's box, a combobox whose popup is the suggestions. */
const headerBox = (page: Page) => page.locator('[data-search-box]').getByRole('combobox', { name: 'Search' });

describe.skipIf(h.skipReason !== '')(`search${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const word = `vel${lettersOf(Date.now())}`;
  const writerName = `Wren ${word[0]!.toUpperCase()}${word.slice(1)}`;
  const title = `The ${word} lanterns`;
  let storyPath = '';
  let writerContext: BrowserContext | null = null;

  it('types in the header, arrows to a story, presses Enter, searches, opens People and follows the writer', async () => {
    // A writer with a story readers clapped: search shows authors readers engaged with (spec §5).
    const writer = await h.open(1200);
    await signUpByEmail(writer.page, writerName, `wren.${word}@example.com`);
    const postId = await publishStory(writer.context, title, 'Light for the long walk home');
    writerContext = writer.context;

    const { page, context, errors } = await h.open(1200);
    await signUpByEmail(page, 'Rhea Reader', `rhea.${word}@example.com`);
    const { viewer } = await gql<{ viewer: { id: string } }>(context.request, '{ viewer { id } }');
    await gql(context.request, 'mutation($p: ID!, $u: ID!) { clap(targetPostId: $p, userId: $u, numClaps: 2) { __typename } }', { p: postId, u: viewer.id });
    await expect.poll(() => endpointTitles(context.request, 'posts', word), { timeout: 15_000 }).toContain(title);
    await expect.poll(() => endpointTitles(context.request, 'users', word), { timeout: 15_000 }).toContain(writerName);

    // Console errors count from here: the search journey's own.
    errors.splice(0);
    // The search code is not part of the page: it comes on first focus.
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    // Any page in the default context (stories, people, publications, topics) will do.
    await page.goto('/explore-topics', { waitUntil: 'networkidle' });
    expect(scripts.some((u) => u.includes('PredictiveSearch'))).toBe(false);

    // Focus: the empty state, with Explore topics (no recent searches yet).
    await headerBox(page).click();
    await popover(page).getByRole('link', { name: 'Explore topics' }).waitFor();
    expect(scripts.some((u) => u.includes('PredictiveSearch'))).toBe(true);
    // The box is a combobox that names its open popup.
    await expect.poll(() => headerBox(page).getAttribute('aria-expanded')).toBe('true');
    expect(await popover(page).getAttribute('id')).toBe(await headerBox(page).getAttribute('aria-controls'));
    expect((await page.locator('[data-search-box] form').boundingBox())!.width).toBe(240);
    expect((await popover(page).boundingBox())!.width).toBe(316);

    // Typing: stories and people from one request, 3 at most per type.
    const requests: string[] = [];
    page.on('request', (r) => r.url().includes('/1/indexes/') && requests.push(r.postData() ?? ''));
    await headerBox(page).fill(word);
    const story = popover(page).getByRole('link', { name: new RegExp(title) });
    await story.waitFor();
    await popover(page).getByRole('region', { name: 'People' }).getByRole('link', { name: writerName }).waitFor();
    expect(requests.length).toBeGreaterThanOrEqual(1);
    const sent = JSON.parse(requests.at(-1)!) as { requests: { indexName: string; params: string }[] };
    expect(sent.requests.map((r) => r.indexName)).toEqual(['posts', 'users', 'collections', 'tags']);
    expect(sent.requests.every((r) => new URLSearchParams(r.params).get('hitsPerPage') === '3')).toBe(true);
    await page.screenshot({ path: screenshotPath('search-popover-1200') });
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(async () => (await popover(page).boundingBox())?.width).toBe(316);
    await page.screenshot({ path: screenshotPath('search-popover-800') });
    await page.setViewportSize({ width: 1200, height: 900 });

    // Arrows cycle through the results and wrap around.
    const items = popover(page).locator('[data-search-item]');
    const count = await items.count();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => story.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => items.nth(count - 1).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => story.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.endsWith(postId) && url.pathname.startsWith('/@'));
    storyPath = new URL(page.url()).pathname;

    // No suggestions: the popover closes.
    await headerBox(page).fill('zzqxjvwk');
    await expect.poll(() => popover(page).count(), { timeout: 10_000 }).toBe(0);
    expect(await headerBox(page).getAttribute('aria-expanded')).toBe('false');

    // Enter with a query goes to the results and keeps it as a recent search.
    await headerBox(page).fill(word);
    await headerBox(page).press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === word);
    await page.getByRole('heading', { level: 1, name: `Results for ${word}` }).waitFor();
    await page.getByRole('article', { name: title }).waitFor();
    await expect(page.getByRole('navigation', { name: 'Search results' }).getByRole('link', { name: 'Stories' }).getAttribute('aria-current')).resolves.toBe('page');
    await shootWidths(page, 'search-stories');
    await page.getByRole('article', { name: title }).waitFor();

    await headerBox(page).fill('');
    await headerBox(page).focus();
    await popover(page).locator('[data-recent-searches]').getByRole('link', { name: word }).waitFor();
    await page.screenshot({ path: screenshotPath('search-popover-recent-1200') });
    await page.keyboard.press('Escape');

    // People, with Follow from the results; the follow holds after a reload.
    await page.getByRole('navigation', { name: 'Search results' }).getByRole('link', { name: 'People' }).click();
    await page.waitForURL((url) => url.pathname === '/search/users' && url.searchParams.get('q') === word);
    const person = page.getByTestId('search-person').filter({ hasText: writerName });
    await person.getByRole('button', { name: `Follow ${writerName}` }).click();
    await person.getByRole('button', { name: `Following ${writerName}` }).waitFor();
    await shootWidths(page, 'search-people');
    await page.getByTestId('search-person').filter({ hasText: writerName }).getByRole('button', { name: `Following ${writerName}` }).waitFor();
    expect(errors).toEqual([]);
  });

  it('loads the next 8 stories as the reader scrolls to the end', async () => {
    for (let i = 1; i <= 9; i++) await publishStory(writerContext!, `${word} field notes ${i}`, 'More light');
    const { page, context } = await h.open(1200);
    await expect.poll(async () => (await endpointSearch(context.request, 'posts', word)).nbHits, { timeout: 15_000 }).toBe(10);
    // A short window: the end of the first page is more than 1.5 screens away until the reader scrolls.
    await page.setViewportSize({ width: 1200, height: 400 });
    const pages: string[] = [];
    page.on('request', (r) => r.url().includes('/1/indexes/') && pages.push(new URLSearchParams((JSON.parse(r.postData()!) as { requests: { params: string }[] }).requests[0]!.params).get('page') ?? '0'));
    await page.goto(`/search?q=${word}`, { waitUntil: 'networkidle' });
    const stories = page.getByTestId('search-post');
    await stories.first().waitFor();
    expect(await stories.count()).toBe(8);
    expect(pages.filter((p) => p === '1')).toEqual([]);
    await stories.nth(7).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => stories.count()).toBe(10);
    expect(pages.filter((p) => p === '1')).toEqual(['1']);
    await expect(page.getByRole('button', { name: 'Show more' }).count()).resolves.toBe(0);
  });

  it("searches in the page's context: a writer's profile searches that writer's stories", async () => {
    const { viewer: writer } = await gql<{ viewer: { id: string; username: string } }>(writerContext!.request, '{ viewer { id username } }');
    const { page } = await h.open(1200);
    const sent: { indexName: string; params: string }[][] = [];
    page.on('request', (r) => r.url().includes('/1/indexes/') && sent.push((JSON.parse(r.postData()!) as { requests: { indexName: string; params: string }[] }).requests));
    await page.goto(`/@${writer.username}`, { waitUntil: 'networkidle' });
    await headerBox(page).fill(word);
    await popover(page).getByRole('region', { name: 'Stories' }).waitFor();
    expect(await popover(page).getByRole('region', { name: 'People' }).count()).toBe(0);
    const last = sent.at(-1)!;
    expect(last.map((r) => r.indexName)).toEqual(['posts']);
    expect(new URLSearchParams(last[0]!.params).get('filters')).toBe(`creatorId:"${writer.id}"`);
  });

  it('a failed search (status 400 or more) clears the suggestions and shows an error without a retry', async () => {
    const { page } = await h.open(1200);
    await page.goto(storyPath, { waitUntil: 'networkidle' });
    await headerBox(page).fill(word);
    await popover(page).getByRole('link', { name: new RegExp(title) }).waitFor();
    await page.route('**/1/indexes/*/queries', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Unavailable","status":503}' }));
    await headerBox(page).fill(`${word} lanterns`);
    await expect.poll(() => popover(page).count(), { timeout: 10_000 }).toBe(0);
    expect(await headerBox(page).getAttribute('aria-expanded')).toBe('false');
    await page.goto(`/search/users?q=${word}`);
    await page.getByRole('alert').filter({ hasText: 'The search could not be completed.' }).waitFor();
    expect(await page.getByRole('button', { name: /retry|try again/i }).count()).toBe(0);
    expect(await page.getByTestId('search-person').count()).toBe(0);
  });

  it('Topics: a topic found can be followed from the results', async () => {
    const { page } = await h.open(1200);
    await signUpByEmail(page, 'Tobi Topics', `tobi.${word}@example.com`);
    await page.goto('/search/tags?q=lantern', { waitUntil: 'networkidle' });
    const topic = page.getByTestId('search-topic').filter({ hasText: 'Lanterns' });
    await topic.getByText(/\d+ stories/).waitFor();
    // The button turns at once; the reload waits for the server's answer (a reload would cancel it).
    const saved = page.waitForResponse((r) => r.url().endsWith('/_/graphql') && (r.request().postData() ?? '').includes('FollowTag'));
    await topic.getByRole('button', { name: 'Follow Lanterns' }).click();
    await topic.getByRole('button', { name: 'Following Lanterns' }).waitFor();
    expect((await saved).ok()).toBe(true);
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('search-topic').filter({ hasText: 'Lanterns' }).getByRole('button', { name: 'Following Lanterns' }).waitFor();
    await shootWidths(page, 'search-topics');
  });

  it('shows the empty and unknown-category states', async () => {
    const { page } = await h.open(1200);
    await page.goto(`/search/tags?q=zzqxjvwk`, { waitUntil: 'networkidle' });
    await page.getByText('No topics found for “zzqxjvwk”.').waitFor();
    expect((await page.goto('/search/nothing'))!.status()).toBe(404);
    expect((await page.goto('/some-publication/search'))!.status()).toBe(404);
    await page.goto('/search/lists?q=zzqxjvwk');
    await page.getByText('No lists found for “zzqxjvwk”.').waitFor();
  });

  it('small screens: the search button opens a full-screen search with the same suggestions', async () => {
    const { page } = await h.open(500);
    // The story page (its JavaScript budget is 120 KB) loads no search code until asked.
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(storyPath, { waitUntil: 'networkidle' });
    expect(scripts.filter((u) => /PredictiveSearch|SearchPage/.test(u))).toEqual([]);
    await page.locator('[data-search-button]').click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('link', { name: 'Explore topics' }).waitFor();
    await dialog.getByRole('searchbox').fill(word);
    await dialog.getByRole('link', { name: new RegExp(title) }).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: screenshotPath('search-full-screen-500') });
    await dialog.getByRole('searchbox').press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === word);
    await page.getByRole('article', { name: title }).waitFor();
  });
});
