import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { clickOnceHydrated, signUpByEmail, waitForHydration } from './support/sign-in.js';
import { firstStoryPath } from './support/stories.js';

const h = useBrowser();

/** A GraphQL call from the page, with its session (as the app's own scripts make it). */
async function gql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return page.evaluate(
    async ([q, v]) => (await (await fetch('/_/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: q, variables: v }) })).json()).data,
    [query, variables] as const,
  ) as Promise<T>;
}

describe.skipIf(h.skipReason !== '')(`list claps and responses${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it('a reader claps a public list and responds; the owner hides the response, undoes, and closes the discussion', async () => {
    const tag = Date.now().toString(36);
    const storyId = (await firstStoryPath(h.baseUrl)).slice(-12);
    const responseText = `A list worth keeping ${tag}`;

    // The owner makes a public list holding a story.
    const owner = await h.open(1200);
    await signUpByEmail(owner.page, 'Olive Owner', `olive-${tag}@example.com`);
    const made = await gql<{ createCatalog: { catalog: { slugId: string } } }>(
      owner.page,
      'mutation($p: ID) { createCatalog(name: "Tide reading", visibility: PUBLIC, postId: $p) { ... on CatalogEditSuccess { catalog { slugId } } } }',
      { p: storyId },
    );
    const { viewer } = await gql<{ viewer: { username: string } }>(owner.page, '{ viewer { username } }');
    const listPath = `/@${viewer.username}/list/${made.createCatalog.catalog.slugId}`;

    // A reader on a phone claps it and responds.
    const reader = await h.open(500);
    await signUpByEmail(reader.page, 'Rae Reader', `rae-${tag}@example.com`);
    await reader.page.goto(listPath);
    const discussion = reader.page.getByTestId('catalog-responses');
    const clap = discussion.getByRole('button', { name: 'Clap' }).first();
    await clickOnceHydrated(clap);
    await discussion.locator('[data-testid="clap-count"][data-count="1"]').first().waitFor();
    await discussion.getByRole('button', { name: 'What are your thoughts?' }).click();
    await discussion.getByRole('textbox', { name: 'What are your thoughts?' }).fill(responseText);
    await discussion.getByRole('button', { name: 'Respond', exact: true }).click();
    await reader.page.getByText('Your response was published.').waitFor();
    await discussion.getByTestId('response').filter({ hasText: responseText }).waitFor();
    await discussion.screenshot({ path: screenshotPath('list-responses-500'), animations: 'disabled' });

    // The owner hides it from the response's menu, then takes it back with Undo.
    await owner.page.goto(listPath);
    const response = owner.page.getByTestId('catalog-responses').getByTestId('response').filter({ hasText: responseText });
    const menu = response.getByRole('button', { name: 'Response options' });
    await waitForHydration(menu);
    await menu.click();
    await owner.page.getByRole('menuitem', { name: 'Hide response' }).click();
    await owner.page.getByText('This response is now hidden.').waitFor();
    await owner.page.getByText('You hid a response by Rae Reader.').waitFor();
    await owner.page.getByRole('button', { name: 'Undo' }).click();
    await response.getByText(responseText).waitFor();
    await owner.page.getByTestId('catalog-responses').screenshot({ path: screenshotPath('list-responses-1200'), animations: 'disabled' });

    // The owner closes the discussion: the editor gives way to the spec's notice.
    await owner.page.getByRole('button', { name: 'Close responses' }).click();
    await owner.page.getByText('The author has closed discussion for this list.').waitFor();
    await owner.page.getByRole('button', { name: 'Reopen responses' }).waitFor();

    expect(reader.errors).toEqual([]);
    expect(owner.errors).toEqual([]);
  });
});
