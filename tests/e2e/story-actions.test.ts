import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { clickOnceHydrated, signUpByEmail } from './support/sign-in.js';
import { firstStoryPath } from './support/stories.js';

const h = useBrowser();

/** Opens a page and waits until React has hydrated it (a click then runs the app's handler). */
async function openHydrated(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.status()).toBe(200);
  await page.waitForFunction(() => {
    const header = document.querySelector('[data-header]');
    return header !== null && Object.keys(header).some((k) => k.startsWith('__react'));
  });
}

const toastText = (page: Page) => page.getByRole('status').innerText();
const actionBars = (page: Page) => page.getByTestId('action-bar');

describe.skipIf(h.skipReason !== '')(`a story's action bar and 'Written by' block${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it('signed out: Save opens the sign-up modal over the story and comes back to it; Share copies the link with a toast and offers the share menu', async () => {
    const path = await firstStoryPath(h.baseUrl);
    const { page, context, errors } = await h.open(1200);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.baseUrl });
    await openHydrated(page, path);

    const save = actionBars(page).first().getByRole('link', { name: 'Save' });
    // A real link for a new tab or no script, back to this story.
    expect(new URL((await save.getAttribute('href'))!, h.baseUrl).searchParams.get('redirect')).toBe(`${path}?skipOnboarding=1`);
    await clickOnceHydrated(save);
    await page.getByRole('dialog').getByRole('button', { name: 'Sign up with email' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
    await page.keyboard.press('Escape');

    await actionBars(page).first().getByRole('button', { name: 'Share' }).click();
    const menu = page.getByRole('menu', { name: 'Share' });
    const story = new URL(path, h.baseUrl).href;
    const hrefOf = async (name: string) => new URL((await menu.getByRole('menuitem', { name }).getAttribute('href'))!);
    expect((await hrefOf('Share on X')).searchParams.get('url')).toBe(story);
    expect((await hrefOf('Share on LinkedIn')).searchParams.get('url')).toBe(story);
    expect((await hrefOf('Share on Facebook')).searchParams.get('u')).toBe(story);
    expect((await hrefOf('Share by email')).searchParams.get('body')).toBe(story);

    // Mastodon: the reader's server; a bad one is refused, with a reason.
    await menu.getByRole('menuitem', { name: 'Share on Mastodon' }).click();
    await menu.getByLabel('Your Mastodon server').fill('not a server/');
    await menu.getByRole('button', { name: 'Share', exact: true }).click();
    await menu.getByText('Enter your Mastodon server, such as mastodon.social.').waitFor();
    const popup = page.waitForEvent('popup');
    await page.route('https://mastodon.example/**', (route) => route.fulfill({ status: 200, body: 'shared' }));
    await context.route('https://mastodon.example/**', (route) => route.fulfill({ status: 200, body: 'shared' }));
    await menu.getByLabel('Your Mastodon server').fill('@reader@Mastodon.Example');
    await menu.getByRole('button', { name: 'Share', exact: true }).click();
    const shared = new URL((await popup).url());
    expect(shared.host).toBe('mastodon.example');
    expect(shared.searchParams.get('text')).toContain(story);

    await actionBars(page).first().getByRole('button', { name: 'Share' }).click();
    await menu.getByRole('menuitem', { name: 'Copy link' }).click();
    await expect.poll(() => toastText(page)).toContain('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(story);
    await page.screenshot({ path: screenshotPath('story-share-copied') });
    expect(errors).toEqual([]);
  });

  it('signed in: Save is no sign-up link; a response moves both action bars at once; Follow moves the Written by block, and an unfollow replaces the follow toast', async () => {
    const path = await firstStoryPath(h.baseUrl);
    const tag = Date.now().toString(36);
    const { page, errors } = await h.open(1200);
    await signUpByEmail(page, 'Rhea Reader', `rhea-${tag}@example.com`);
    await openHydrated(page, path);
    await expect(page.getByRole('link', { name: 'Save' }).count()).resolves.toBe(0);
    await expect(page.locator('a[href*="operation=register"]').count()).resolves.toBe(0);

    // Respond: the count in both action bars moves without a reload.
    // The visible figure: the link's text goes on with the visually hidden 'responses'.
    const counts = async () => (await actionBars(page).locator('a[href="#responses"]').allInnerTexts()).map((text) => text.split(/\s+/)[0]!);
    const before = Number((await counts())[0]);
    await page.getByRole('button', { name: 'What are your thoughts?' }).click();
    await page.getByRole('textbox', { name: 'What are your thoughts?' }).click();
    await page.keyboard.type(`A response ${tag}`);
    await page.getByRole('button', { name: 'Respond', exact: true }).click();
    await page.getByText('Your response was published.').waitFor();
    await expect.poll(counts).toEqual([String(before + 1), String(before + 1)]);
    await page.getByRole('status').getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => toastText(page)).toBe('');

    // Follow from the byline: the Written by block's count and button follow; the words agree with the number.
    const about = page.getByRole('region', { name: 'About the author' });
    const followers = about.getByTestId('written-by-followers');
    const n = Number.parseInt(await followers.innerText(), 10);
    const label = (k: number) => `${k} ${k === 1 ? 'Follower' : 'Followers'}`;
    expect(await followers.innerText()).toBe(label(n));
    const byline = page.getByTestId('follow-button').first();
    await clickOnceHydrated(byline);
    await expect.poll(() => followers.innerText()).toBe(label(n + 1));
    await expect.poll(() => about.getByTestId('follow-button').innerText()).toBe('Following');
    await expect.poll(() => toastText(page)).toContain("You're now following");

    // Unfollow at once, from the Written by block: the toast says so (not the follow's, still within its 5 s).
    await about.getByTestId('follow-button').click();
    await expect.poll(() => toastText(page)).toContain("You've unfollowed");
    expect(await toastText(page)).not.toContain("You're now following");
    await expect.poll(() => followers.innerText()).toBe(label(n));
    await expect.poll(() => byline.innerText()).toBe('Follow');
    await page.screenshot({ path: screenshotPath('story-written-by-unfollowed') });
    expect(errors).toEqual([]);
  });
});
