import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { clickOnceHydrated, signUpByEmail, waitForHydration } from './support/sign-in.js';

const h = useBrowser();

type Data = Record<string, Record<string, unknown> & { __typename?: string }>;

/** A GraphQL call as the signed-in browser (its cookies). */
async function gql(context: BrowserContext, query: string, variables: Record<string, unknown> = {}): Promise<Data> {
  const res = await context.request.post('/_/graphql', { data: { query, variables } });
  const body = (await res.json()) as { data?: Data; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** A public list of three demo stories, the first with a note: its slugId and titles in order. */
async function makeList(context: BrowserContext, name: string): Promise<{ id: string; slugId: string; titles: string[]; spare: { id: string; title: string } }> {
  const picks = (await gql(context, '{ staffPicksFeed(paging: { limit: 4 }) { items { id title } } }')).staffPicksFeed as unknown as { items: { id: string; title: string }[] };
  const spare = picks.items.pop()!;
  const [first, ...rest] = picks.items;
  const made = (await gql(context, 'mutation($name: String!, $postId: ID) { createCatalog(name: $name, description: "Three to start with", visibility: PUBLIC, postId: $postId) { ... on CatalogEditSuccess { version catalog { id slugId items { items { catalogItemId } } } } } }', { name, postId: first!.id })).createCatalog as unknown as {
    version: string;
    catalog: { id: string; slugId: string; items: { items: { catalogItemId: string }[] } };
  };
  const ops = [{ setNote: { catalogItemId: made.catalog.items.items[0]!.catalogItemId, note: 'Start here: the best of the three.' } }, ...rest.map((p) => ({ append: { postId: p.id } }))];
  const edited = (await gql(context, 'mutation($id: ID!, $v: String!, $ops: [CatalogItemOperation!]!) { editCatalogItems(catalogId: $id, version: $v, operations: $ops) { __typename } }', { id: made.catalog.id, v: made.version, ops })).editCatalogItems;
  expect(edited!.__typename).toBe('CatalogEditSuccess');
  return { id: made.catalog.id, slugId: made.catalog.slugId, titles: picks.items.map((p) => p.title), spare };
}

const itemTitles = (page: Page) => page.getByTestId('catalog-item').locator('h2').allTextContents();

/** A page on another origin that frames the embed, as a blog would. */
let otherSite: http.Server;
let otherOrigin = '';
let embedSrc = '';

describe.skipIf(h.skipReason !== '')(`list pages${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const stamp = Date.now();

  beforeAll(async () => {
    otherSite = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>A blog</title><h1>My reading</h1><iframe title="A list" src="${embedSrc}" width="560" height="420"></iframe>`);
    });
    await new Promise<void>((done) => otherSite.listen(0, '127.0.0.1', done));
    otherOrigin = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => otherSite.close(() => done())));

  it('keeps a story another tab added when this tab drags one from an older version; notes; remove with Undo; edit and delete the list', async () => {
    const { page, context, errors } = await h.open(1200);
    await signUpByEmail(page, 'Tam Tabs', `tam.${stamp}@example.com`);
    const list = await makeList(context, 'Two tabs');
    await page.goto(`/me/list/${list.slugId}`);
    const handle = page.getByRole('button', { name: `Reorder ${list.titles[0]}` });
    await waitForHydration(handle);

    // Another tab appends a story: this page's version is now old.
    const version = ((await gql(context, 'query($id: ID!) { catalogById(catalogId: $id) { version } }', { id: list.id })).catalogById as { version: string }).version;
    const added = await gql(context, 'mutation($id: ID!, $v: String!, $ops: [CatalogItemOperation!]!) { editCatalogItems(catalogId: $id, version: $v, operations: $ops) { __typename } }', { id: list.id, v: version, ops: [{ append: { postId: list.spare.id } }] });
    expect(added.editCatalogItems!.__typename).toBe('CatalogEditSuccess');

    // Drag the first story below the third with the pointer.
    const from = (await handle.boundingBox())!;
    const last = (await page.getByTestId('catalog-item').nth(2).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, last.y + last.height - 10, { steps: 8 });
    await page.mouse.up();
    await page.getByText('This list changed in another window. Here it is as it is now.').waitFor();
    const expected = [list.titles[1], list.titles[2], list.titles[0], list.spare.title];
    await expect.poll(() => itemTitles(page)).toEqual(expected);
    await page.reload();
    await page.getByRole('heading', { name: 'Two tabs', level: 1 }).waitFor();
    await expect(itemTitles(page)).resolves.toEqual(expected);
    await page.getByText('4 stories').waitFor();

    // A note on the story the other tab added: counted, refused over 280 characters, then saved.
    const spareItem = page.getByTestId('catalog-item').filter({ hasText: list.spare.title });
    await spareItem.getByRole('button', { name: `Add a note on ${list.spare.title}` }).click();
    const note = spareItem.getByRole('textbox', { name: `Note on ${list.spare.title}` });
    await note.fill('x'.repeat(281));
    await spareItem.getByText('281/280').waitFor();
    await spareItem.getByRole('button', { name: 'Save', exact: true, disabled: true }).waitFor();
    await note.fill('Read it last.');
    await spareItem.getByRole('button', { name: 'Save', exact: true }).click();
    await spareItem.getByTestId('catalog-note').getByText('Read it last.').waitFor();

    // Remove the first story, then Undo: it comes back where it was.
    await page.getByRole('button', { name: `Remove ${expected[0]} from this list` }).click();
    await page.getByText('Removed from Two tabs.').waitFor();
    await page.getByText('3 stories').waitFor();
    const movedBack = page.waitForResponse((r) => r.url().endsWith('/_/graphql') && (r.request().postData() ?? '').includes('"move"'));
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
    expect((await movedBack).ok()).toBe(true);
    await page.screenshot({ path: screenshotPath('list-owner-undo-1200'), fullPage: true });
    await page.reload();
    await page.getByRole('heading', { name: 'Two tabs', level: 1 }).waitFor();
    await expect(itemTitles(page)).resolves.toEqual(expected);
    await page.getByText('Read it last.').waitFor();

    // Edit the list (renamed and made private: its address follows the name), then delete it.
    await page.getByRole('button', { name: 'Edit list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit list' });
    await dialog.getByLabel('Name', { exact: true }).fill('Two tabs, kept');
    await dialog.getByLabel('Make it private').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Two tabs, kept', level: 1 }).waitFor();
    await page.getByText('Private', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname.startsWith('/me/list/two-tabs-kept-'));
    await page.getByRole('button', { name: 'Delete list' }).click();
    await page.getByRole('dialog', { name: 'Delete list' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => url.pathname === '/me/lists');
    expect((await gql(context, 'query($id: ID!) { catalogById(catalogId: $id) { id } }', { id: list.id })).catalogById).toBeNull();
    expect(errors).toEqual([]);
  });

  for (const width of [500, 1200]) {
    it(`at ${width}px: a writer reorders their public list by keyboard, a signed-out reader reads it with its note, and another site embeds it`, async () => {
      const { page, context, errors } = await h.open(width);
      await signUpByEmail(page, 'Lena Lists', `lena.${width}.${stamp}@example.com`);
      const { slugId, titles } = await makeList(context, `Keepers ${width}`);

      // The owner's page: move the first story to the end with the keyboard.
      await page.goto(`/me/list/${slugId}`);
      await expect(itemTitles(page)).resolves.toEqual(titles);
      const handle = page.getByRole('button', { name: `Reorder ${titles[0]}` });
      await waitForHydration(handle);
      await page.screenshot({ path: screenshotPath(`list-owner-${width}`), fullPage: true });
      await handle.focus();
      await page.keyboard.press('Space');
      await page.getByTestId('reorder-announcement').getByText(/^Picked up .*, position 1 of 3\./).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.getByTestId('reorder-announcement').getByText(/moved to position 3 of 3\.$/).waitFor();
      const saved = page.waitForResponse((r) => r.url().endsWith('/_/graphql') && (r.request().postData() ?? '').includes('EditCatalogItems'));
      await page.keyboard.press('Space');
      await page.getByTestId('reorder-announcement').getByText(/dropped at position 3 of 3\.$/).waitFor();
      expect((await saved).ok()).toBe(true);
      const moved = [titles[1], titles[2], titles[0]];
      await expect(itemTitles(page)).resolves.toEqual(moved);
      await page.reload();
      await page.getByRole('heading', { name: `Keepers ${width}`, level: 1 }).waitFor();
      await expect(itemTitles(page)).resolves.toEqual(moved);

      // A signed-out reader: the public page with the note.
      const reader = await h.open(width);
      const username = ((await gql(context, '{ viewer { username } }')).viewer as { username: string }).username;
      const publicPath = `/@${username}/list/${slugId}`;
      await reader.page.goto(publicPath);
      await reader.page.getByText('Start here: the best of the three.').waitFor();
      await expect(itemTitles(reader.page)).resolves.toEqual(moved);
      await reader.page.screenshot({ path: screenshotPath(`list-public-${width}`), fullPage: true });
      // Following needs an account: signed out, Follow opens sign-up over the page.
      await clickOnceHydrated(reader.page.getByRole('button', { name: `Follow Keepers ${width}` }));
      await reader.page.getByRole('dialog', { name: /^Join / }).waitFor();

      // Another origin frames the embed, and it renders there.
      embedSrc = `${h.baseUrl}/embed/list/${slugId}`;
      await reader.page.goto(`${otherOrigin}/`);
      const frame = reader.page.frameLocator('iframe[title="A list"]');
      await frame.getByRole('link', { name: 'View list' }).waitFor();
      await expect(frame.getByRole('link', { name: 'View list' }).getAttribute('target')).resolves.toBe('_blank');
      await frame.getByRole('heading', { name: `Keepers ${width}` }).waitFor();
      await reader.page.screenshot({ path: screenshotPath(`list-embed-${width}`), fullPage: true });
      expect([...errors, ...reader.errors]).toEqual([]);
    });
  }
});
