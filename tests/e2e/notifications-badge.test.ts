import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotPath, shootWidths, useBrowser } from './support/browser.js';
import { signUpByEmail } from './support/sign-in.js';

const h = useBrowser();
const unique = () => Math.random().toString(36).slice(2, 8);

const viewerId = (page: Page) => page.evaluate(() => (window as unknown as { __PRELOADED_STATE__: { site: { viewer: { id: string } } } }).__PRELOADED_STATE__.site.viewer.id);
const badge = (page: Page) => page.locator('[data-notifications-link] [data-badge]');

/** A GraphQL call from the page, with its reader's session (what the site's own scripts send). */
async function gql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await page.evaluate(
    async ({ query, variables }) => {
      const res = await fetch('/_/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
      return (await res.json()) as { data?: unknown; errors?: unknown[] };
    },
    { query, variables },
  );
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as T;
}
const paragraph = (text: string) => [{ name: 'p1', type: 'P', text, markups: [] }];

/** The journey of issue 5: a writer gets a badge when followed, without reloading, and reads it. */
describe.skipIf(h.skipReason)('notifications in the browser', () => {
  it('B follows A: A’s badge appears live, the list says so, the badge clears; read state and settings', async () => {
    const { page: a, errors } = await h.open(1200);
    const { page: b } = await h.open(1200);
    const ada = `Ada Writer ${unique()}`;
    const ben = `Ben Reader ${unique()}`;
    await signUpByEmail(a, ada, `ada-${unique()}@example.com`);
    await signUpByEmail(b, ben, `ben-${unique()}@example.com`);
    const adaId = await viewerId(a);

    await a.goto('/me/stories', { waitUntil: 'networkidle' });
    expect(await badge(a).count()).toBe(0);
    // From here on, the console of the notifications pages (and the header) is what is checked.
    errors.length = 0;

    // Ben follows Ada from his own browser (his session, the FollowUser mutation).
    const followed = await b.evaluate(async (id) => {
      const res = await fetch('/_/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ operationName: 'FollowUser', query: 'mutation FollowUser($id: ID!) { followUser(targetUserId: $id) { id } }', variables: { id } }),
      });
      return (await res.json()) as { data?: { followUser?: { id: string } } };
    }, adaId);
    expect(followed.data?.followUser?.id).toBe(adaId);

    // Ada's open page shows it, with no reload: the stream (or its fallback) brings the count.
    await badge(a).waitFor({ timeout: 30_000 });
    expect(await badge(a).textContent()).toBe('1');
    await a.screenshot({ path: screenshotPath('notifications-badge-1200') });

    await a.locator('[data-notifications-link]').click();
    await a.waitForURL('**/me/notifications');
    const item = a.locator('li[data-kind="FOLLOW"]');
    await item.waitFor();
    expect(await item.textContent()).toContain(`${ben} followed you`);
    expect(await item.getAttribute('data-read')).toBe('false');
    // Opening the list clears the badge; the row stays unread until opened.
    await badge(a).waitFor({ state: 'detached' });

    await a.getByRole('tab', { name: 'Responses' }).click();
    await a.getByText('No responses yet.', { exact: false }).waitFor();
    await a.getByRole('tab', { name: 'All' }).click();
    await item.waitFor();

    // Ada publishes; Ben claps and responds: the open page's badge counts them, live.
    const draft = await gql<{ createDraft: { postId: string } }>(a, 'mutation($t: String!, $p: [ParagraphInput!]!) { createDraft(title: $t, subtitle: "", paragraphs: $p) { ... on SavedDraft { postId } } }', {
      t: 'Notes on quiet software',
      p: paragraph('Software that stays out of the way is harder to write than it looks.'),
    });
    const postId = draft.createDraft.postId;
    await gql(a, 'mutation($id: ID!, $input: PublishPostInput!) { publishPost(postId: $id, input: $input) { __typename } }', {
      id: postId,
      input: { tags: [], visibility: 'PUBLIC', isLocked: false, allowResponses: true, license: 'ALL_RIGHTS_RESERVED' },
    });
    const benId = await viewerId(b);
    await gql(b, 'mutation($post: ID!, $user: ID!) { clap(targetPostId: $post, userId: $user, numClaps: 5) { __typename } }', { post: postId, user: benId });
    await gql(b, 'mutation($post: ID!, $p: [ParagraphInput!]!) { publishResponse(inResponseToPostId: $post, paragraphs: $p) { __typename } }', {
      post: postId,
      p: paragraph('This matches what I have seen: the best tools are the ones you forget you are using.'),
    });
    await badge(a).filter({ hasText: '2' }).waitFor({ timeout: 30_000 });
    await a.reload({ waitUntil: 'networkidle' });
    expect(await a.locator('li[data-kind]').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(['RESPONSE', 'CLAP', 'FOLLOW']);
    expect(await a.locator('li[data-kind="CLAP"]').textContent()).toContain(`${ben} clapped for Notes on quiet software`);
    await a.getByRole('tab', { name: 'Responses' }).click();
    await a.locator('[role="tabpanel"], ul[aria-label="Responses"]').locator('li[data-kind="RESPONSE"]').waitFor();
    await a.getByRole('tab', { name: 'All' }).click();

    await shootWidths(a, 'notifications');

    // Opening it leads to Ben's profile and marks it read.
    expect(errors).toEqual([]);
    await a.locator('li[data-kind="FOLLOW"] a').click();
    await a.waitForURL(/\/@/);
    await a.goto('/me/notifications', { waitUntil: 'networkidle' });
    expect(await a.locator('li[data-kind="FOLLOW"]').getAttribute('data-read')).toBe('true');
    // The clap and the response are still unread.
    expect(await a.locator('li[data-read="false"]').count()).toBe(2);
    expect(await a.getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(false);
  });

  it('Mark all as read; Settings → Notifications saves each choice at once; signed out, sign in first', async () => {
    const { page: a } = await h.open(1200);
    const { page: b } = await h.open(1200);
    await signUpByEmail(a, `Ann ${unique()}`, `ann-${unique()}@example.com`);
    await signUpByEmail(b, `Bob ${unique()}`, `bob-${unique()}@example.com`);
    const annId = await viewerId(a);
    await b.evaluate(async (id) => {
      await fetch('/_/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'mutation($id: ID!) { followUser(targetUserId: $id) { id } }', variables: { id } }) });
    }, annId);

    // The notification is written by background work: the badge says when it exists.
    await a.goto('/me/stories', { waitUntil: 'networkidle' });
    await badge(a).waitFor({ timeout: 30_000 });
    await a.goto('/me/notifications', { waitUntil: 'networkidle' });
    expect(await a.locator('li[data-kind="FOLLOW"]').getAttribute('data-read')).toBe('false');
    await a.getByRole('button', { name: 'Mark all as read' }).click();
    await a.locator('li[data-kind="FOLLOW"][data-read="true"]').waitFor();
    await a.reload({ waitUntil: 'networkidle' });
    expect(await a.locator('li[data-kind="FOLLOW"]').getAttribute('data-read')).toBe('true');

    await a.goto('/me/settings/notifications', { waitUntil: 'networkidle' });
    await a.getByLabel('Claps').selectOption('NETWORK');
    await a.getByText('Your notification settings were saved.').waitFor();
    const saved = a.waitForResponse((r) => r.url().includes('/_/graphql') && (r.request().postData() ?? '').includes('SetDigestFrequency'));
    await a.getByLabel('Notifications digest').selectOption('DAILY');
    await saved;
    await a.reload({ waitUntil: 'networkidle' });
    expect(await a.getByLabel('Claps').inputValue()).toBe('NETWORK');
    expect(await a.getByLabel('Notifications digest').inputValue()).toBe('DAILY');
    await shootWidths(a, 'settings-notifications');

    const { page: anon } = await h.open(1200);
    await anon.goto('/me/notifications');
    expect(anon.url()).toContain('/m/signin?operation=login&redirect=/me/notifications');
  });
});
