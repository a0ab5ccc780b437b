import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, shootWidths, useBrowser } from './support/browser.js';
import { readLatestEmail } from './support/sign-in.js';

const h = useBrowser();

/** Waits until React has hydrated the element (a click before that does nothing). */
async function hydrated(el: Locator): Promise<void> {
  await el.evaluate(
    (node) =>
      new Promise<void>((done) => {
        const check = () => (Object.keys(node).some((k) => k.startsWith('__reactProps')) ? done() : requestAnimationFrame(check));
        check();
      }),
  );
}

/** A plain sign-up (no skipOnboarding): the emailed link, opened from a second tab's mailbox. */
async function signUpPlain(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/m/signin?operation=register');
  const button = page.getByRole('button', { name: 'Sign up with email' });
  await hydrated(button);
  await button.click();
  await page.getByLabel('Your full name').fill(name);
  await page.getByLabel('Your email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Check your inbox.' }).waitFor();
  const mailbox = await page.context().newPage();
  const { link } = await readLatestEmail(mailbox, email);
  await mailbox.close();
  await page.goto(new URL(link).pathname + new URL(link).search);
}

const followerCount = async (page: Page) => Number(((await page.getByTestId('topic-followers').textContent()) ?? '').split(' ')[0]);

describe.skipIf(h.skipReason !== '')(`topics: onboarding, tag pages, explore${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it('a new reader signs up, is onboarded to pick topics, follows a writer in them and lands on home', async () => {
    const { page, errors } = await h.open(1200);
    await signUpPlain(page, 'Olga Onboard', `olga.${Date.now()}@example.com`);
    await page.waitForURL((url) => url.pathname === '/get-started/topics');
    await page.getByRole('heading', { name: 'What are you interested in?' }).waitFor();
    const topics = page.getByRole('list', { name: 'Topics' }).getByRole('button');
    expect(await topics.count()).toBeGreaterThanOrEqual(3);
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await hydrated(continueButton);
    await expect(continueButton.isDisabled()).resolves.toBe(true);

    for (let i = 0; i < 3; i++) {
      await topics.nth(i).click();
      await expect.poll(() => topics.nth(i).getAttribute('aria-pressed')).toBe('true');
    }
    // Writers in the picked topics, each with Follow.
    const writers = page.getByRole('list', { name: 'Suggested writers' });
    await writers.waitFor();
    const follow = writers.getByRole('button', { name: 'Follow' }).first();
    await follow.click();
    await writers.getByRole('button', { name: 'Following' }).first().waitFor();
    await page.screenshot({ path: screenshotPath('topics-onboarding-1200') });
    await page.setViewportSize({ width: 500, height: 900 });
    await page.screenshot({ path: screenshotPath('topics-onboarding-500') });
    await page.setViewportSize({ width: 1200, height: 900 });

    await expect.poll(() => continueButton.isDisabled()).toBe(false);
    await continueButton.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account menu' }).first().waitFor();

    // The For you feed reflects the picks: a reader who followed nothing gets only
    // POPULAR_ON_SITE; this one gets stories for the topics or the writer picked (a story in a
    // picked topic by the picked writer counts as the writer's, the stronger reason).
    const picked = await page.evaluate(async () => {
      const res = await fetch('/_/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ forYouFeed(paging: { limit: 25 }) { items { source { postFeedReason tagSlug } } } }' }),
      });
      return ((await res.json()) as { data: { forYouFeed: { items: { source: { postFeedReason: string; tagSlug: string | null } }[] } } }).data.forYouFeed.items;
    });
    expect(picked.some((i) => (i.source.postFeedReason === 'FOLLOWED_TOPIC' && i.source.tagSlug) || i.source.postFeedReason === 'FOLLOWED_AUTHOR')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('follows a topic from its page; the follower count moves; screenshots of the tag page', async () => {
    const { page, errors } = await h.open(1200);
    await signUpPlain(page, 'Tariq Tags', `tariq.${Date.now()}@example.com`);
    await page.waitForURL((url) => url.pathname === '/get-started/topics');

    await page.goto('/explore-topics');
    const first = page.getByTestId('topic-card').first();
    const name = (await first.getByRole('link').textContent())!;
    await first.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const slug = new URL(page.url()).pathname.split('/')[2]!;
    const before = await followerCount(page);
    const header = page.locator('header', { has: page.getByRole('heading', { level: 1, name }) });
    const button = header.getByRole('button', { name: 'Follow' });
    await hydrated(button);
    await button.click();
    await header.getByRole('button', { name: 'Following' }).waitFor();
    // The button turns at the click; the toast comes once the server has it.
    await page.getByText(`You're now following ${name}`).waitFor();
    await page.reload();
    await expect(followerCount(page)).resolves.toBe(before + 1);
    await expect(header.getByRole('button', { name: 'Following' }).isVisible()).resolves.toBe(true);

    // Tabs: recommended, who to follow, archive.
    await page.getByRole('link', { name: 'Who to follow' }).click();
    await page.waitForURL((url) => url.pathname === `/tag/${slug}/who-to-follow`);
    await page.getByTestId('person-row').first().waitFor();
    await page.screenshot({ path: screenshotPath('topics-who-to-follow-1200'), fullPage: true });
    await page.getByRole('link', { name: 'Archive' }).click();
    await page.waitForURL((url) => url.pathname === `/tag/${slug}/archive`);
    await page.getByRole('navigation', { name: 'Years' }).getByRole('link').first().click();
    await page.waitForURL((url) => /^\/tag\/[^/]+\/archive\/\d{4}$/.test(url.pathname));
    await page.getByTestId('post-card').first().waitFor();

    await page.goto(`/tag/${slug}`);
    await shootWidths(page, 'topics-tag-page');
    await page.goto(`/tag/${slug}/archive`);
    await shootWidths(page, 'topics-tag-archive');
    await page.goto('/explore-topics');
    await shootWidths(page, 'topics-explore');
    expect(errors).toEqual([]);
  });

  it('searches topics on explore-topics and opens one', async () => {
    const { page, errors } = await h.open(800);
    await page.goto('/explore-topics');
    const name = (await page.getByTestId('topic-card').first().getByRole('link').textContent())!;
    const search = page.getByRole('searchbox', { name: 'Search all topics' });
    await hydrated(search);
    await search.fill(name.slice(0, 3));
    const results = page.getByRole('list', { name: 'Matching topics' });
    await results.getByRole('link', { name: new RegExp(name) }).first().waitFor();
    await page.screenshot({ path: screenshotPath('topics-explore-search-800') });
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/tag/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(errors).toEqual([]);
  });
});
