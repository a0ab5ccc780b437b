import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, shootWidths, useBrowser } from './support/browser.js';
import { signUpByEmail } from './support/sign-in.js';

const h = useBrowser();

async function writer(baseUrl: string, username: string): Promise<{ id: string; name: string }> {
  const res = await fetch(`${baseUrl}/_/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'query($u: ID!) { userResult(username: $u) { ... on User { id name } } }', variables: { u: username } }),
  });
  return ((await res.json()) as { data: { userResult: { id: string; name: string } } }).data.userResult;
}

/** A follow sent from the page with the reader's session, as the Follow button does. */
async function follow(page: Page, targetUserId: string): Promise<void> {
  await page.evaluate(async (id) => {
    await fetch('/_/graphql', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'mutation($id: ID!) { followUser(targetUserId: $id) { id } }', variables: { id } }) });
  }, targetUserId);
}

async function hydrated(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().evaluate(
    (el) =>
      new Promise<void>((done) => {
        const check = () => (Object.keys(el).some((k) => k.startsWith('__reactProps')) ? done() : requestAnimationFrame(check));
        check();
      }),
  );
}

/** The cards of the tab on show (a tab once opened stays in the page, hidden). */
const shownCards = (page: Page) => page.locator('[role="tabpanel"]:not([hidden])').getByTestId('post-card');
const cardAuthors = (page: Page) => shownCards(page).evaluateAll((cards) => cards.map((c) => c.querySelector('a')?.textContent?.trim() ?? ''));

async function openFollowing(page: Page): Promise<void> {
  await hydrated(page, '[role="tab"]');
  await page.getByRole('tab', { name: 'Following' }).click();
  await shownCards(page).first().waitFor();
}

describe.skipIf(h.skipReason !== '')(`the reader's home${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it('a new reader follows three writers, reads them on Following with infinite scroll, and mutes one from a card', async () => {
    const writers = await Promise.all(['mayaokafor', 'tomas_ferreira', 'eleanorvoss'].map((u) => writer(h.baseUrl, u)));
    const names = writers.map((w) => w.name);
    const { page, errors } = await h.open(1200);
    await signUpByEmail(page, 'Harriet Home', `harriet-${Date.now()}@example.com`);
    await page.goto('/');
    // Before following anyone, Following says where to find writers and topics.
    await openFollowing(page).catch(() => {});
    await page.getByText('Stories from the writers and topics you follow will appear here.').waitFor();
    expect(await page.getByRole('link', { name: 'Find writers to follow' }).getAttribute('href')).toBe('/me/following/suggestions');
    await page.screenshot({ path: screenshotPath('feeds-home-following-empty') });

    for (const w of writers) await follow(page, w.id);
    await page.reload();
    await openFollowing(page);
    const firstPage = await cardAuthors(page);
    expect(firstPage).toHaveLength(10);
    expect(firstPage.every((a) => names.includes(a))).toBe(true);

    // Infinite scroll: reaching the end loads the next page, with no story twice.
    await shownCards(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect.poll(async () => (await cardAuthors(page)).length).toBeGreaterThan(10);
    const ids = await shownCards(page).evaluateAll((cards) => cards.map((c) => c.getAttribute('data-post-id')));
    expect(new Set(ids).size).toBe(ids.length);
    await page.screenshot({ path: screenshotPath('feeds-home-following-1200'), fullPage: true });

    // Mute the author of the first card from its '...' menu: their stories leave the feed.
    const muted = (await cardAuthors(page))[0]!;
    const card = shownCards(page).first();
    await card.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Mute author' }).click();
    await page.getByRole('status').filter({ hasText: `${muted} has been muted` }).first().waitFor();
    await expect.poll(async () => (await cardAuthors(page)).includes(muted)).toBe(false);
    const loaded = (await cardAuthors(page)).length;
    // Gone from For you at once too, and after a reload from both.
    await page.getByRole('tab', { name: 'For you' }).click();
    await shownCards(page).first().waitFor();
    expect(await cardAuthors(page)).not.toContain(muted);
    // Back on Following, the stories already loaded are still there (not a new first page).
    await page.getByRole('tab', { name: 'Following' }).click();
    expect(await cardAuthors(page)).toHaveLength(loaded);
    await page.reload();
    await openFollowing(page);
    expect(await cardAuthors(page)).not.toContain(muted);
    // For you leaves them out too.
    await page.getByRole('tab', { name: 'For you' }).click();
    await shownCards(page).first().waitFor();
    expect(await cardAuthors(page)).not.toContain(muted);

    // 'Show less like this' takes the card away at once, with Undo.
    const before = await shownCards(page).first().getAttribute('data-post-id');
    await shownCards(page).first().getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Show less like this' }).click();
    await page.getByRole('status').filter({ hasText: 'We’ll show fewer stories like this.' }).first().waitFor();
    expect(await page.locator(`[data-post-id="${before}"]`).count()).toBe(0);

    await shootWidths(page, 'feeds-home');
    expect(errors).toEqual([]);
  });

  it('the landing shows trending stories and staff picks; top stories shows a day with its neighbours', async () => {
    const { page, errors } = await h.open(1200);
    await page.goto('/');
    await page.getByRole('heading', { name: /Trending on/ }).waitFor();
    await shootWidths(page, 'feeds-home-lo');
    const res = await page.goto('/top-stories/june-1-2024');
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Top stories' }).waitFor();
    expect(await page.getByRole('link', { name: /Next day/ }).getAttribute('href')).toBe('/top-stories/june-2-2024');
    await shootWidths(page, 'feeds-top-stories');
    expect((await page.goto('/top-stories/february-30-2024'))?.status()).toBe(404);
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
  });
});
