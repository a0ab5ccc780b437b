import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { signUpByEmail } from './support/sign-in.js';
import { firstStoryPath } from './support/stories.js';

const h = useBrowser();

/** A real w×h PNG (a gradient), made here so the upload is an image the server decodes. */
function pngBytes(w: number, h: number): Buffer {
  const row = w * 3 + 1;
  const raw = Buffer.alloc(row * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = y * row + 1 + x * 3;
      raw[o] = Math.floor((x * 255) / w);
      raw[o + 1] = Math.floor((y * 255) / h);
      raw[o + 2] = 160;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const INSERT = 'Insert an image, embed, code block or divider';

/** The save state the editor's header shows. */
const saveState = (page: Page) => page.locator('[data-save-state]');

async function waitSaved(page: Page) {
  await page.locator('[data-save-state="saved"]').waitFor();
}

/**
 * Screenshots of the page as it is at 500, 800 and 1200 px (ends at 1200): the whole
 * page from the top, or only the window for a dialog over it.
 */
async function shootWidths(page: Page, name: string, opts: { fullPage: boolean }) {
  for (const width of [500, 800, 1200]) {
    await page.setViewportSize({ width, height: 900 });
    if (opts.fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath(`${name}-${width}`), fullPage: opts.fullPage });
  }
}

describe.skipIf(h.skipReason !== '')(`the editor${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const stamp = Date.now();

  it('sends a signed-out writer to sign in and back to the new story', async () => {
    const { page } = await h.open(1200);
    await page.goto('/new-story');
    await page.waitForURL((url) => url.pathname === '/m/signin');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/new-story');
  });

  it('writes a story with every paragraph type and an image, publishes it with tags, then edits it and restores a revision', async () => {
    const { page, context, errors } = await h.open(1200);
    await signUpByEmail(page, 'Edna Editor', `editor.${stamp}@example.com`);
    await page.goto('/new-story', { waitUntil: 'networkidle' });
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('A story with everything');
    await page.getByRole('textbox', { name: 'Subtitle' }).fill('Every paragraph type, written in the browser');
    const body = page.locator('[data-story-editor]');
    await body.click();
    const type = (text: string) => page.keyboard.type(text);
    const enter = () => page.keyboard.press('Enter');

    // Markdown shortcuts: headings, inline styles, quotes, code, lists, divider.
    await type('# A large heading');
    await enter();
    await type('## A small heading');
    await enter();
    await type('Some ');
    await page.keyboard.press('Control+b');
    await type('bold');
    await page.keyboard.press('Control+b');
    await type(' and ');
    await page.keyboard.press('Control+i');
    await type('italic');
    await page.keyboard.press('Control+i');
    await type(' words, `inline code` and a link.');
    await enter();
    await type('> A quote worth keeping');
    await enter();
    await type('> > A pull quote');
    await enter();
    // ``` makes the code block at once; its language comes from the block toolbar.
    await type('```');
    await page.getByLabel('Code language').selectOption('typescript');
    await type('const answer = 42;');
    await enter();
    await type('console.log(answer);');
    await enter();
    await enter();
    await enter();
    await type('- First bullet');
    await enter();
    await type('Second bullet');
    await enter();
    await enter();
    await type('1. Step one');
    await enter();
    await type('Step two');
    await enter();
    await enter();
    await type('---');
    await type('After the divider.');
    await enter();

    // A word made a link with the toolbar, then back to the empty line at the end.
    await body.locator('p', { hasText: 'and a link.' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('toolbar', { name: 'Format text' }).waitFor();
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByLabel('Link address').fill('example.org/about');
    await page.keyboard.press('Enter');
    await body.locator('a[href="https://example.org/about"]').waitFor();
    await body.locator('p').last().click();

    // An image from the file picker, with a caption and the outset layout.
    await page.getByRole('button', { name: INSERT }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add an image' }).click();
    await (await chooser).setFiles({ name: 'lake.png', mimeType: 'image/png', buffer: pngBytes(1600, 900) });
    const figure = body.locator('figure[data-paragraph-type="IMG"]');
    await figure.locator('img[src^="/media/"]').waitFor();
    await figure.locator('figcaption').click();
    await type('A lake at dawn');
    await page.getByRole('button', { name: 'Outset image' }).click();
    await expect(figure.getAttribute('data-layout')).resolves.toBe('OUTSET_CENTER');
    await enter();

    // An embed from the allow-list.
    await page.getByRole('button', { name: INSERT }).click();
    await page.getByRole('button', { name: 'Add an embed' }).click();
    await page.getByLabel('Link to embed').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.keyboard.press('Enter');
    await body.locator('figure[data-paragraph-type="IFRAME"]').waitFor();
    await page.keyboard.press('ArrowDown');

    // Any other page becomes a link card (MIXTAPE_EMBED) from its title and description.
    const linked = await firstStoryPath(h.baseUrl);
    await page.getByRole('button', { name: INSERT }).click();
    await page.getByRole('button', { name: 'Add an embed' }).click();
    await page.getByLabel('Link to embed').fill(`${h.baseUrl}${linked}`);
    await page.keyboard.press('Enter');
    await body.locator('[data-paragraph-type="MIXTAPE_EMBED"]').waitFor();
    await page.keyboard.press('ArrowDown');
    await type('The end.');
    await waitSaved(page);
    const postId = /^\/p\/([0-9a-f]+)\/edit$/.exec(new URL(page.url()).pathname)?.[1];
    expect(postId).toBeTruthy();

    // Offline for a moment: the words stay, a warning shows, and they are saved once back.
    await context.setOffline(true);
    await type(' Written offline.');
    await page.getByText('Not saved: you appear to be offline. Retrying…').waitFor();
    await context.setOffline(false);
    await waitSaved(page);

    await shootWidths(page, 'editor', { fullPage: true });

    // Publish with tags: the sixth is refused.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /Publishing to/ }).waitFor();
    const tagInput = dialog.getByRole('textbox', { name: 'Tags' });
    for (const tag of ['Writing', 'Editors', 'Web Development', 'Typography', 'Open Source']) {
      await tagInput.fill(tag);
      await tagInput.press('Enter');
    }
    await tagInput.fill('Sixth');
    await tagInput.press('Enter');
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe('You can add up to 5 tags.');
    await tagInput.fill('');
    await dialog.getByRole('radio', { name: /^Public/ }).check();
    await dialog.getByLabel('License').selectOption('CC_40_BY');
    await shootWidths(page, 'editor-publish-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Publish now' }).click();

    // The story page, as readers get it.
    await page.waitForURL((url) => url.pathname.startsWith('/@'));
    await expect(page.getByTestId('post-title').textContent()).resolves.toBe('A story with everything');
    const story = page.locator('[data-post-body]');
    await expect(story.locator('[data-paragraph-type="H3"]').textContent()).resolves.toBe('A large heading');
    await expect(story.locator('[data-paragraph-type="H4"]').textContent()).resolves.toBe('A small heading');
    await expect(story.locator('strong', { hasText: 'bold' }).count()).resolves.toBe(1);
    await expect(story.locator('em', { hasText: 'italic' }).count()).resolves.toBe(1);
    await expect(story.locator('code', { hasText: 'inline code' }).count()).resolves.toBe(1);
    await expect(story.locator('a', { hasText: 'link' }).getAttribute('href')).resolves.toBe('https://example.org/about');
    await expect(story.locator('[data-paragraph-type="BQ"]').textContent()).resolves.toBe('A quote worth keeping');
    await expect(story.locator('[data-paragraph-type="PQ"]').textContent()).resolves.toBe('A pull quote');
    await expect(story.locator('[data-paragraph-type="PRE"]').getAttribute('data-lang')).resolves.toBe('typescript');
    await expect(story.locator('[data-paragraph-type="PRE"]').textContent()).resolves.toContain('const answer = 42;\nconsole.log(answer);');
    await expect(story.locator('ul [data-paragraph-type="ULI"]').allTextContents()).resolves.toEqual(['First bullet', 'Second bullet']);
    await expect(story.locator('ol [data-paragraph-type="OLI"]').allTextContents()).resolves.toEqual(['Step one', 'Step two']);
    await expect(story.locator('[data-paragraph-type="HR"]').count()).resolves.toBe(1);
    const image = story.locator('figure[data-paragraph-type="IMG"]');
    await expect(image.getAttribute('data-layout')).resolves.toBe('OUTSET_CENTER');
    await expect(image.locator('img').getAttribute('src')).resolves.toMatch(/^\/media\/[0-9a-f]+/);
    await expect(image.locator('figcaption').textContent()).resolves.toBe('A lake at dawn');
    await expect(story.locator('[data-paragraph-type="IFRAME"] iframe').getAttribute('src')).resolves.toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await expect(story.locator('[data-paragraph-type="MIXTAPE_EMBED"] a').getAttribute('href')).resolves.toContain(linked);
    await expect(story.getByText('The end. Written offline.').count()).resolves.toBe(1);
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('link').allTextContents()).resolves.toEqual(['Writing', 'Editors', 'Web Development', 'Typography', 'Open Source']);
    const storyUrl = page.url();

    // The story's settings page: tags and license change without touching the text.
    await page.goto(`/p/${postId}/settings`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Story settings' }).waitFor();
    await page.getByRole('button', { name: 'Remove tag Typography' }).click();
    await page.getByRole('textbox', { name: 'Tags' }).fill('Essays');
    await page.getByRole('textbox', { name: 'Tags' }).press('Enter');
    await page.getByLabel('License').selectOption('CC_40_ZERO');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Story settings saved.').waitFor();
    await page.goto(storyUrl, { waitUntil: 'networkidle' });
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('link').allTextContents()).resolves.toEqual(['Writing', 'Editors', 'Web Development', 'Open Source', 'Essays']);

    // Reopen the editor: a published story's button publishes pending edits.
    await page.goto(`/p/${postId}/edit`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Save and publish' }).waitFor();
    await body.getByText('After the divider.').click();
    await page.keyboard.press('End');
    await type(' Edited later.');
    await waitSaved(page);

    // Revision history: the first revision, restored, is the story again (as a new revision).
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'Revision history' });
    const revisions = history.getByRole('list', { name: 'Revisions' }).getByRole('button');
    await expect(revisions.first().textContent()).resolves.toContain('Current');
    await revisions.last().click();
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/p/${postId}/revert/1/\\d+$`));
    await expect(history.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('A story with everything');
    await page.screenshot({ path: screenshotPath('editor-history-1200') });
    await history.getByRole('button', { name: 'Restore this version' }).click();
    await page.getByText('Restored revision 1.').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/p/${postId}/edit`);
    await expect(body.getByText('Edited later.').count()).resolves.toBe(0);

    // Save and publish: readers get the restored text.
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await dialog.getByRole('button', { name: 'Save and publish' }).click();
    await page.waitForURL(storyUrl);
    await expect(page.locator('[data-post-body]').getByText('Edited later.').count()).resolves.toBe(0);
    expect(errors.filter((e) => !/youtube|ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e))).toEqual([]);
  });

  it('says so when the story was edited in another tab, and offers a reload', async () => {
    const { page, context } = await h.open(1200);
    await signUpByEmail(page, 'Tab Writer', `tabs.${stamp}@example.com`);
    await page.goto('/new-story', { waitUntil: 'networkidle' });
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Two tabs');
    await page.locator('[data-story-editor]').click();
    await page.keyboard.type('Written in the first tab.');
    await waitSaved(page);
    const second = await context.newPage();
    await second.goto(page.url(), { waitUntil: 'networkidle' });
    await second.locator('[data-story-editor]').getByText('Written in the first tab.').click();
    await second.keyboard.press('End');
    await second.keyboard.type(' And in the second.');
    await waitSaved(second);
    await page.keyboard.type(' More from the first.');
    await page.getByText(/This story was changed somewhere else/).waitFor();
    await expect(saveState(page).textContent()).resolves.toBe('Not saved');
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.locator('[data-story-editor]').getByText('Written in the first tab. And in the second.').waitFor();
  });

  it('reposts a story as a new draft that links it with a card', async () => {
    const { page } = await h.open(1200);
    await signUpByEmail(page, 'Remy Reposter', `repost.${stamp}@example.com`);
    const original = await firstStoryPath(h.baseUrl);
    const originalId = original.slice(original.lastIndexOf('-') + 1);
    await page.goto(`/new-story/repost/${originalId}`, { waitUntil: 'networkidle' });
    const card = page.locator('[data-story-editor] [data-paragraph-type="MIXTAPE_EMBED"]');
    await card.waitFor();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Worth reading');
    await page.locator('[data-story-editor] p').first().click();
    await page.keyboard.type('This one changed how I write.');
    await waitSaved(page);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish now' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/@'));
    const published = page.locator('[data-post-body] [data-paragraph-type="MIXTAPE_EMBED"] a');
    await expect(published.getAttribute('href')).resolves.toContain(original);
  });

  it('imports a story from pasted HTML into a draft that opens in the editor', async () => {
    const { page } = await h.open(1200);
    await signUpByEmail(page, 'Ivo Importer', `import.${stamp}@example.com`);
    await page.goto('/p/import', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Import a story' }).waitFor();
    await page
      .getByLabel("Paste the story's HTML")
      .fill('<html><head><title>Notes from elsewhere</title></head><body><article><h1>Notes from elsewhere</h1><p>First written on <strong>another site</strong>.</p><h2>A part</h2><blockquote>Quoted.</blockquote></article></body></html>');
    await page.getByRole('button', { name: 'Import' }).click();
    await page.waitForURL((url) => /^\/p\/[0-9a-f]+\/edit$/.test(url.pathname));
    const body = page.locator('[data-story-editor]');
    await body.getByText('First written on another site.').waitFor();
    await expect(body.locator('strong').textContent()).resolves.toBe('another site');
    await expect(page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).resolves.toBe('Notes from elsewhere');
    await page.screenshot({ path: screenshotPath('editor-imported-1200') });
  });

  it('uploads images pasted or dropped into the story, and asks before leaving unsaved words', async () => {
    const { page } = await h.open(1200);
    await signUpByEmail(page, 'Paula Paster', `paste.${stamp}@example.com`);
    await page.goto('/new-story', { waitUntil: 'networkidle' });
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Pasted pictures');
    const body = page.locator('[data-story-editor]');
    await body.click();
    await page.keyboard.type('A line of text.');
    const png = pngBytes(640, 480).toString('base64');
    // What the browser hands the page for a paste and a drop of an image file.
    await body.evaluate((el, b64) => {
      const file = new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'pasted.png', { type: 'image/png' });
      const data = new DataTransfer();
      data.items.add(file);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, png);
    await body.locator('figure[data-paragraph-type="IMG"] img[src^="/media/"]').waitFor();
    const box = (await body.locator('p', { hasText: 'A line of text.' }).boundingBox())!;
    await body.evaluate(
      (el, { b64, x, y }) => {
        const file = new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'dropped.png', { type: 'image/png' });
        const data = new DataTransfer();
        data.items.add(file);
        el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, clientX: x, clientY: y, bubbles: true, cancelable: true }));
      },
      { b64: png, x: box.x + 5, y: box.y + box.height / 2 },
    );
    await expect.poll(() => body.locator('figure[data-paragraph-type="IMG"] img[src^="/media/"]').count()).toBe(2);
    await waitSaved(page);

    // Leaving with words not saved yet asks first; staying keeps them and they are saved.
    await page.context().setOffline(true);
    await body.locator('p', { hasText: 'A line of text.' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Not saved yet.');
    await page.getByText('Not saved: you appear to be offline. Retrying…').waitFor();
    const prompt = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await prompt;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    await page.context().setOffline(false);
    await waitSaved(page);
    // Reopened, the story has both images.
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('[data-story-editor] figure[data-paragraph-type="IMG"]').count()).toBe(2);
  });
});
