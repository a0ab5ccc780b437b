import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { signUpByEmail } from './support/sign-in.js';
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

const responseWith = (page: Page, text: string) => page.getByTestId('response').filter({ hasText: text }).last();

/** Opens a response's menu as a reader would: one click (the click scrolls it into view). */
async function openResponseMenu(response: Locator) {
  await response.getByRole('button', { name: 'Response options' }).click();
}

describe.skipIf(h.skipReason !== '')(`responses${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it('a reader responds to a story, another replies, and the first hides the reply with Undo', async () => {
    const path = await firstStoryPath(h.baseUrl);
    const tag = Date.now().toString(36);
    const responseText = `Thoughtful response ${tag}`;
    const replyText = `A reply to it ${tag}`;

    // Ann responds, with a bold word typed with the keyboard.
    const ann = await h.open(1200);
    await signUpByEmail(ann.page, 'Ann Respondent', `ann-${tag}@example.com`);
    await openHydrated(ann.page, path);
    await ann.page.getByRole('button', { name: 'What are your thoughts?' }).click();
    const box = ann.page.getByRole('textbox', { name: 'What are your thoughts?' });
    await box.click();
    await ann.page.keyboard.type(`${responseText} `);
    await ann.page.keyboard.press('Control+B');
    await ann.page.keyboard.type('strongly');
    await ann.page.keyboard.press('Control+B');
    await ann.page.keyboard.type(' agreed.');
    await ann.page.keyboard.press('Enter');
    await ann.page.keyboard.type('A second paragraph.');
    await ann.page.getByRole('button', { name: 'Respond', exact: true }).click();
    await ann.page.getByText('Your response was published.').waitFor();
    const mine = responseWith(ann.page, responseText);
    await expect(mine.locator('strong').textContent()).resolves.toBe('strongly');
    await expect(mine.locator('p').count()).resolves.toBe(2);
    // The editor closed back to its prompt, and the count moved.
    await ann.page.getByRole('button', { name: 'What are your thoughts?' }).waitFor();
    await expect(ann.page.getByRole('heading', { name: /^Responses \(\d+\)$/ }).isVisible()).resolves.toBe(true);

    // Ben, another reader, sees it server-rendered and replies to it.
    const ben = await h.open(800);
    await signUpByEmail(ben.page, 'Ben Replier', `ben-${tag}@example.com`);
    await openHydrated(ben.page, path);
    await responseWith(ben.page, responseText).getByRole('button', { name: 'Reply' }).first().click();
    await ben.page.getByRole('textbox', { name: 'Reply to Ann Respondent' }).fill(replyText);
    await ben.page.getByRole('button', { name: 'Reply', exact: true }).last().click();
    await ben.page.getByText('Your response was published.').waitFor();
    const replies = ben.page.getByRole('list', { name: 'Replies to Ann Respondent' });
    await replies.getByText(replyText).waitFor();

    // Ann wrote the response, so she may hide replies to it: Hide response, then Undo.
    await openHydrated(ann.page, path);
    const reply = responseWith(ann.page, replyText);
    await openResponseMenu(reply);
    await ann.page.getByRole('menuitem', { name: 'Hide response' }).click();
    await ann.page.getByText('This response is now hidden.').waitFor();
    await ann.page.getByText('You hid a response by Ben Replier.').waitFor();
    await ann.page.getByRole('button', { name: 'Undo' }).click();
    await reply.getByText(replyText).waitFor();

    // Hidden for good this time: a signed-out reader no longer gets it, Ann still sees it collapsed.
    await openResponseMenu(reply);
    await ann.page.getByRole('menuitem', { name: 'Hide response' }).click();
    await ann.page.getByText('You hid a response by Ben Replier.').waitFor();
    const reader = await h.open(500);
    await openHydrated(reader.page, path);
    await responseWith(reader.page, responseText).waitFor();
    await expect(reader.page.getByText(replyText).count()).resolves.toBe(0);
    await openHydrated(ann.page, path);
    await ann.page.getByText('You hid a response by Ben Replier.').waitFor();
    await ann.page.getByTestId('responses').screenshot({ path: screenshotPath('responses-hidden-1200'), animations: 'disabled' });
    await ann.page.getByRole('button', { name: 'Unhide' }).click();
    await responseWith(ann.page, replyText).getByText(replyText).waitFor();

    expect(ann.errors).toEqual([]);
    expect(ben.errors).toEqual([]);
    expect(reader.errors).toEqual([]);
  });

  it('a signed-out reader is asked to sign up to respond; the responses page opens the editor for a signed-in one', async () => {
    const path = await firstStoryPath(h.baseUrl);
    const { page, errors } = await h.open(1200);
    await openHydrated(page, path);
    const prompt = page.getByRole('link', { name: 'What are your thoughts?' });
    await expect(prompt.getAttribute('href')).resolves.toContain('skipOnboarding=1');
    await prompt.click();
    await page.getByRole('dialog').waitFor();
    expect(errors).toEqual([]);

    const tag = Date.now().toString(36);
    const writer = await h.open(800);
    await signUpByEmail(writer.page, 'Cleo Composer', `cleo-${tag}@example.com`);
    await openHydrated(writer.page, `/p/${path.slice(-12)}/responses/new`);
    // The editor is open with the caret in it: typing goes straight in (once it has mounted).
    await writer.page.locator('[data-testid="response-editor"] [contenteditable="true"]:focus').waitFor();
    await writer.page.keyboard.type(`Straight from the responses page ${tag}`);
    await writer.page.getByTestId('response-editor').screenshot({ path: screenshotPath('responses-editor-800'), animations: 'disabled' });
    await writer.page.getByRole('button', { name: 'Respond', exact: true }).click();
    await responseWith(writer.page, `Straight from the responses page ${tag}`).waitFor();

    // Responding to a highlighted passage: the passage shows above the editor and on the response.
    const postId = path.slice(-12);
    const quote = await writer.page.evaluate(async (id) => {
      const gql = async (query: string, variables: Record<string, unknown>) =>
        (await (await fetch('/_/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) })).json()) as { data: Record<string, any> };
      const { data } = await gql('query($id: ID!) { post(id: $id) { content { bodyModel { paragraphs { name type text } } } } }', { id });
      const p = (data.post.content.bodyModel.paragraphs as { name: string; type: string; text: string }[]).find((x) => x.type === 'P' && x.text.length > 20)!;
      const made = await gql('mutation($id: ID!, $name: String!) { createQuote(postId: $id, paragraphName: $name, startOffset: 0, endOffset: 20) { ... on Quote { id text } } }', { id, name: p.name });
      return made.data.createQuote as { id: string; text: string };
    }, postId);
    await openHydrated(writer.page, `/p/${postId}/responses/new?quote=${quote.id}`);
    await writer.page.getByTestId('response-editor').locator('blockquote', { hasText: quote.text }).waitFor();
    await writer.page.keyboard.type(`On that passage ${tag}`);
    await writer.page.getByRole('button', { name: 'Respond', exact: true }).click();
    await responseWith(writer.page, `On that passage ${tag}`).locator('blockquote', { hasText: quote.text }).waitFor();
    expect(writer.errors).toEqual([]);
  });

  it('screenshots of the responses section at 500, 800 and 1200 px', async () => {
    const path = await firstStoryPath(h.baseUrl);
    for (const width of [500, 800, 1200]) {
      const { page, errors } = await h.open(width);
      await openHydrated(page, path);
      const section = page.getByTestId('responses');
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: screenshotPath(`responses-${width}`), animations: 'disabled' });
      expect(errors).toEqual([]);
    }
  });
});
