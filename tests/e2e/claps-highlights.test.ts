import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { clickOnceHydrated, signUpByEmail } from './support/sign-in.js';
import { firstStoryPath, lockedStoryPath } from './support/stories.js';

const h = useBrowser();

const clapCount = async (page: Page) => Number(await page.getByTestId('clap-count').first().getAttribute('data-count'));

/** Drags the mouse over `text` inside the story's first paragraph that contains it, as a reader selects. */
async function selectText(page: Page, text: string): Promise<void> {
  const box = await page.evaluate((wanted) => {
    const body = document.querySelector('[data-testid="story-body"]')!;
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(wanted);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      range.startContainer.parentElement!.scrollIntoView({ block: 'center' });
      const rects = range.getClientRects();
      const first = rects[0]!;
      const last = rects[rects.length - 1]!;
      return { x1: first.left + 1, y1: first.top + first.height / 2, x2: last.right - 1, y2: last.top + last.height / 2 };
    }
    return null;
  }, text);
  if (!box) throw new Error(`"${text}" is not in the story body.`);
  await page.mouse.move(box.x1, box.y1);
  await page.mouse.down();
  await page.mouse.move(box.x2, box.y2, { steps: 8 });
  await page.mouse.up();
}

/** The first sentence of the story's first plain paragraph. */
async function firstSentence(page: Page): Promise<string> {
  const text = (await page.locator('[data-testid="story-body"] p[data-paragraph-type="P"]').first().textContent())!;
  return /^[^.!?]+[.!?]/.exec(text)?.[0] ?? text;
}

describe.skipIf(h.skipReason !== '')(`claps and highlights${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it('a signed-in reader claps 3 times and highlights a sentence; both are there after a reload', async () => {
    const path = await firstStoryPath(h.baseUrl);
    const { page, errors } = await h.open(1200);
    await signUpByEmail(page, 'Clara Clapper', `clara-${Date.now()}@example.com`);
    await page.goto(path);
    const before = await clapCount(page);

    const clap = page.getByRole('button', { name: 'Clap' }).first();
    const sent = page.waitForResponse((r) => r.url().endsWith('/_/graphql') && (r.request().postData() ?? '').includes('ClapMutation'));
    await clap.click();
    await clap.click();
    await clap.click();
    // Counted at once, before the batch goes out.
    await expect.poll(() => clapCount(page)).toBe(before + 3);
    await expect(page.getByTestId('clap-bubble').first().textContent()).resolves.toBe('+3');
    const body = (await (await sent).request().postData())!;
    expect(body).toContain('"numClaps":3');

    const sentence = await firstSentence(page);
    await selectText(page, sentence);
    const saved = page.waitForResponse((r) => r.url().endsWith('/_/graphql') && (r.request().postData() ?? '').includes('CreateQuoteMutation'));
    await page.getByRole('button', { name: 'Highlight' }).click();
    await saved;
    await expect.poll(() => page.locator('mark[data-highlight~="viewer"]').allTextContents()).toEqual([sentence]);

    await page.reload();
    expect(await clapCount(page)).toBe(before + 3);
    expect(await page.getByRole('button', { name: 'Clap' }).first().getAttribute('data-viewer-claps')).toBe('3');
    // The viewer's highlights come after hydration.
    await expect.poll(() => page.locator('mark[data-highlight~="viewer"]').allTextContents()).toEqual([sentence]);
    await page.screenshot({ path: screenshotPath('post-claps-highlight-1200'), fullPage: false });

    // A click on one's own highlight offers to remove it.
    await page.locator('mark[data-highlight~="viewer"]').first().click();
    await page.getByRole('button', { name: 'Remove highlight' }).click();
    await expect.poll(() => page.locator('mark[data-highlight~="viewer"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('a signed-out reader who claps is asked to sign up, and counts nothing', async () => {
    const path = await firstStoryPath(h.baseUrl);
    const { page, errors } = await h.open(800);
    await page.goto(path);
    const before = await clapCount(page);
    await page.getByRole('button', { name: 'Clap' }).first().click();
    await page.getByRole('heading', { name: 'Join Inkwell.' }).waitFor();
    expect(await clapCount(page)).toBe(before);
    expect(errors).toEqual([]);
  });

  it('the member star tells an anonymous reader how to get access', async () => {
    const { page, errors } = await h.open(1200);
    await page.goto(await lockedStoryPath(h.baseUrl));
    // A click on the server-rendered star before React hydrates it opens nothing.
    await clickOnceHydrated(page.getByRole('button', { name: 'Member-only story' }));
    const popover = page.getByTestId('member-star-popover');
    await popover.getByText('Get unlimited access').waitFor();
    await expect(popover.getByRole('link', { name: 'Sign in' }).getAttribute('href')).resolves.toContain('operation=login');
    expect(errors).toEqual([]);
  });

  it('story page screenshots at 500, 800 and 1200 px', async () => {
    const path = await firstStoryPath(h.baseUrl);
    for (const width of [500, 800, 1200]) {
      const { page, errors } = await h.open(width);
      await page.goto(path);
      await page.getByTestId('reading-note').waitFor();
      await page.screenshot({ path: screenshotPath(`post-engagement-${width}`), fullPage: true });
      expect(errors).toEqual([]);
    }
  });
});
