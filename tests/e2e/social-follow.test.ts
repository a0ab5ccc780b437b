import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, shootWidths, useBrowser } from './support/browser.js';
import { clickOnceHydrated, followEmailLink, signUpByEmail } from './support/sign-in.js';

const h = useBrowser();

/** A demo writer's id and name (GraphQL, as any reader could ask). */
async function writer(baseUrl: string, username: string): Promise<{ id: string; name: string }> {
  const res = await fetch(`${baseUrl}/_/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'query($u: ID!) { userResult(username: $u) { ... on User { id name } } }', variables: { u: username } }),
  });
  return ((await res.json()) as { data: { userResult: { id: string; name: string } } }).data.userResult;
}

/** A mutation sent from the page, with the reader's session (same-origin JSON, as the app does). */
async function mutate(page: Page, query: string, variables: Record<string, unknown>): Promise<unknown> {
  return page.evaluate(
    async ([q, v]) => {
      const res = await fetch('/_/graphql', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: q, variables: v }) });
      return res.json();
    },
    [query, variables] as const,
  );
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

describe.skipIf(h.skipReason !== '')(`following and muting${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it('a signed-out reader clicks Follow on a profile, signs up, and lands back following the writer, with the toast; then unfollows', async () => {
    const maya = await writer(h.baseUrl, 'mayaokafor');
    const { page, errors } = await h.open(1200);
    await page.goto('/@mayaokafor');
    await clickOnceHydrated(page.getByTestId('profile-sidebar').getByTestId('follow-button'));

    // The sign-up modal, with the follow queued in its way back.
    await page.getByRole('button', { name: 'Sign up with email' }).click();
    await page.getByLabel('Your full name').fill('Fiona Follower');
    const email = `fiona-${Date.now()}@example.com`;
    await followEmailLink(page, email);

    // Back on the writer's profile, signed in, the follow done once and said so.
    await toast(page, `You're now following ${maya.name}`).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/@mayaokafor');
    const button = page.getByTestId('profile-sidebar').getByTestId('follow-button');
    await expect.poll(() => button.textContent()).toBe('Following');
    await page.screenshot({ path: screenshotPath('social-queued-follow') });

    // The server agrees (a reload reads it back).
    await page.reload();
    await expect.poll(() => page.getByTestId('profile-sidebar').getByTestId('follow-button').textContent()).toBe('Following');

    await clickOnceHydrated(page.getByTestId('profile-sidebar').getByTestId('follow-button'));
    await toast(page, `You've unfollowed ${maya.name}`).waitFor();
    await expect.poll(() => page.getByTestId('profile-sidebar').getByTestId('follow-button').textContent()).toBe('Follow');
    await page.reload();
    await expect.poll(() => page.getByTestId('profile-sidebar').getByTestId('follow-button').textContent()).toBe('Follow');
    expect(errors).toEqual([]);
  });

  it('a signed-out reader clicks Follow on a topic, signs up, and comes back following it', async () => {
    const { page, errors } = await h.open(1200);
    await page.goto('/explore-topics');
    const first = page.getByTestId('follow-tag-button').first();
    const title = (await first.getAttribute('aria-label'))!.replace(/^Follow /, '');
    await clickOnceHydrated(first);
    await page.getByRole('button', { name: 'Sign up with email' }).click();
    await page.getByLabel('Your full name').fill('Theo Topics');
    await followEmailLink(page, `theo-${Date.now()}@example.com`);

    await toast(page, `You're now following ${title}`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/explore-topics');
    expect(new URL(page.url()).searchParams.get('followTag')).toBeNull();
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: `Following ${title}` }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('mutes a writer, then unmutes and mutes again from the muted settings page', async () => {
    const ravi = await writer(h.baseUrl, 'ravimenon');
    const { page, errors } = await h.open(1200);
    await signUpByEmail(page, 'Mona Muter', `mona-${Date.now()}@example.com`);
    await mutate(page, 'mutation muteUser($id: ID!) { muteUser(targetUserId: $id) { id } }', { id: ravi.id });

    await page.goto('/me/settings/mute');
    const row = page.getByTestId('person-row').filter({ hasText: ravi.name });
    await row.waitFor();
    await clickOnceHydrated(row.getByRole('button', { name: `Unmute ${ravi.name}` }));
    await toast(page, `${ravi.name} has been unmuted`).waitFor();
    // The row stays, offering Mute again.
    await row.getByRole('button', { name: `Mute ${ravi.name}` }).click();
    await toast(page, `${ravi.name} has been muted`).waitFor();
    await page.reload();
    await page.getByTestId('person-row').filter({ hasText: ravi.name }).getByRole('button', { name: `Unmute ${ravi.name}` }).waitFor();

    await page.goto('/me/settings/mute/publications');
    await page.getByText('You haven’t muted any publications.').waitFor();
    expect(errors).toEqual([]);
  });

  it('a signed-out reader asking for the following pages is sent to sign in and back', async () => {
    const { page } = await h.open(1200);
    for (const path of ['/me/following', '/me/following/suggestions', '/me/settings/mute']) {
      await page.goto(path);
      const url = new URL(page.url());
      expect(url.pathname).toBe('/m/signin');
      expect(url.searchParams.get('redirect')).toBe(path);
    }
  });

  it('the following, suggestions and muted pages at three widths; the mention card on hover of an author', async () => {
    const { page, errors } = await h.open(1200);
    await signUpByEmail(page, 'Sasha Shots', `sasha-${Date.now()}@example.com`);
    for (const username of ['mayaokafor', 'tomas_ferreira', 'hannahlindqvist']) {
      await mutate(page, 'mutation FollowUser($id: ID!) { followUser(targetUserId: $id) { id } }', { id: (await writer(h.baseUrl, username)).id });
    }
    await mutate(page, 'mutation muteUser($id: ID!) { muteUser(targetUserId: $id) { id } }', { id: (await writer(h.baseUrl, 'kenji_w')).id });
    // Two topics of the demo stories, so the page shows its Topics section too.
    const picks = (await mutate(page, '{ staffPicksFeed(paging: { limit: 10 }) { items { tags { normalizedTagSlug } } } }', {})) as { data: { staffPicksFeed: { items: { tags: { normalizedTagSlug: string }[] }[] } } };
    const slugs = [...new Set(picks.data.staffPicksFeed.items.flatMap((i) => i.tags.map((t) => t.normalizedTagSlug)))].slice(0, 2);
    for (const tagSlug of slugs) await mutate(page, 'mutation FollowTag($tagSlug: String!) { followTag(tagSlug: $tagSlug) { id } }', { tagSlug });

    await page.goto('/me/following');
    await page.getByTestId('person-row').first().waitFor();
    expect(await page.getByTestId('person-row').count()).toBe(3);
    expect(await page.getByTestId('followed-topic').count()).toBe(slugs.length);
    await shootWidths(page, 'social-following');
    await page.goto('/me/following/suggestions');
    await shootWidths(page, 'social-suggestions');
    await page.goto('/me/settings/mute');
    await shootWidths(page, 'social-muted');
    await page.goto('/me/following/publications');
    await page.getByText('You don’t follow any publications yet.', { exact: false }).first().waitFor();

    // The mention card: hover an author of a story card for the 500 ms delay.
    await page.goto('/@tomas_ferreira');
    const author = page.getByTestId('post-card').first().locator('a').first();
    // Hydrated first: the card opens from React's pointer handler.
    await author.evaluate((el) => new Promise<void>((done) => { const check = () => (Object.keys(el.parentElement!).some((k) => k.startsWith('__reactProps')) ? done() : requestAnimationFrame(check)); check(); }));
    await author.hover();
    const card = page.getByTestId('user-mention-card');
    await card.waitFor();
    expect(await card.textContent()).toMatch(/Followers?/);
    await page.screenshot({ path: screenshotPath('social-mention-card') });
    expect(errors).toEqual([]);
  });
});
