import { print } from 'graphql';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { PageContexts } from '../../src/web/App.js';
import { CatalogResponses } from '../../src/web/components/catalog-responses/index.js';
import { catalogResponsesPreload } from '../../src/web/components/catalog-responses/preload.js';
import { SusiModalProvider } from '../../src/web/components/susi/SusiModalProvider.js';
import { ToastProvider } from '../../src/web/components/toast/index.js';
import { PageData, PageQueryContext } from '../../src/web/graphql/page-data.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';

const CREATE = `mutation($name: String!, $visibility: CatalogVisibility!, $postId: ID) { createCatalog(name: $name, visibility: $visibility, postId: $postId) {
  ... on CatalogEditSuccess { catalog { id slugId } } } }`;
const RESPOND = `mutation($id: ID!, $paragraphs: [ParagraphInput!]!) { publishCatalogResponse(catalogId: $id, paragraphs: $paragraphs) { ... on Post { id } } }`;
const REPLY = `mutation($to: ID!, $paragraphs: [ParagraphInput!]!) { publishResponse(inResponseToPostId: $to, paragraphs: $paragraphs) { ... on Post { id } } }`;
const CLAP = `mutation($id: ID!, $userId: ID!) { clapCatalog(catalogId: $id, userId: $userId, numClaps: 7) { __typename } }`;
const HIDE = `mutation($list: ID!, $response: ID!) { hideCatalogResponse(parentCatalogId: $list, catalogResponseId: $response) { __typename } }`;
const LOCK = `mutation($id: ID!) { updateCatalog(catalogId: $id, responsesLocked: true) { __typename } }`;

const text = (s: string) => [{ name: 'p1', type: 'P', text: s, markups: [] }];

/**
 * <CatalogResponses> as the list page renders it on the server: the page's preload
 * (catalogResponsesPreload) runs as the reader, and the component reads its results.
 */
describe('CatalogResponses on the server', () => {
  let t: TestApp;
  let owner: Reader;
  let reader: Reader;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newReader(t, 'Owner');
    reader = await newReader(t, 'Reader');
  });

  async function newList(visibility = 'PUBLIC') {
    const story = await newStory(t, reader.id);
    return (await owner.browser.gql(CREATE, { name: 'Tide tables', visibility, postId: story })).data.createCatalog.catalog as { id: string; slugId: string };
  }

  /** The preload as the viewer, then the component rendered from its results. */
  /** The markup with React's text separators taken out, as a reader sees the text. */
  async function render(browser: TestBrowser, viewer: Reader | null, catalogId: string): Promise<string> {
    const entries = await Promise.all(
      catalogResponsesPreload(catalogId).map(async (e) => {
        const r = await browser.gql(print(e.query), e.variables);
        expect(r.errors).toBeUndefined();
        return { ...e, data: r.data };
      }),
    );
    const page = new PageData(entries);
    const site = { siteName: 'Inkwell', mainHost: 'localhost:3000', viewer: viewer ? { id: viewer.id, name: 'Viewer', username: 'viewer', imageId: null, emailObfuscated: null, xsrf: 'x' } : null };
    const html = renderToString(
      <PageQueryContext.Provider value={(q, v) => page.read(q, v)}>
        <PageContexts site={site} page={{ pageId: 'user-catalog', routeName: 'ShowUserCatalog' }} navigation={{ pathname: '/@owner/list/tide-tables', search: '', navigate() {}, preload() {} }}>
          <ToastProvider>
            <SusiModalProvider>
              <CatalogResponses catalogId={catalogId} />
            </SusiModalProvider>
          </ToastProvider>
        </PageContexts>
      </PageQueryContext.Provider>,
    );
    return html.replaceAll('<!-- -->', '');
  }

  it('renders the claps, the count, the responses with their replies, escaped, for a signed-out reader', async () => {
    const list = await newList();
    await reader.browser.gql(CLAP, { id: list.id, userId: reader.id });
    const top = (await reader.browser.gql(RESPOND, { id: list.id, paragraphs: text('Tides <script>alert(1)</script> & moons') })).data.publishCatalogResponse;
    await owner.browser.gql(REPLY, { to: top.id, paragraphs: text('Glad you liked the list.') });

    const html = await render(testBrowser(t.app), null, list.slugId);
    expect(html).toContain('Responses (2)');
    expect(html).toMatch(/data-count="7"/);
    expect(html).toContain('Tides &lt;script&gt;alert(1)&lt;/script&gt; &amp; moons');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('Glad you liked the list.');
    expect(html).toContain('What are your thoughts?');
    expect(html).not.toContain('Response options');
  });

  it('shows the owner the hide menu and a hidden response collapsed; others do not see it', async () => {
    const list = await newList();
    const top = (await reader.browser.gql(RESPOND, { id: list.id, paragraphs: text('Visible for now.') })).data.publishCatalogResponse;
    const shown = await render(owner.browser, owner, list.id);
    expect(shown).toContain('Response options');
    expect(shown).toContain('Close responses');
    expect(await render(reader.browser, reader, list.id)).not.toContain('Close responses');
    await owner.browser.gql(HIDE, { list: list.id, response: top.id });

    const mine = await render(owner.browser, owner, list.id);
    expect(mine).toContain('You hid a response by');
    expect(mine).toContain('Responses (0)');
    const theirs = await render(reader.browser, reader, list.id);
    expect(theirs).not.toContain('Visible for now.');
    expect(theirs).toContain('Responses (0)');
  });

  it('shows the closed notice on a locked list, and nothing for a private list to others', async () => {
    const list = await newList();
    await owner.browser.gql(LOCK, { id: list.id });
    const locked = await render(reader.browser, reader, list.id);
    expect(locked).toContain('The author has closed discussion for this list.');
    expect(locked).not.toContain('What are your thoughts?');
    expect(locked).not.toContain('Reopen responses');
    expect(await render(owner.browser, owner, list.id)).toContain('Reopen responses');

    const priv = await newList('PRIVATE');
    expect(await render(reader.browser, reader, priv.id)).not.toContain('catalog-responses');
    expect(await render(owner.browser, owner, priv.id)).toContain('Responses (0)');
  });
});
