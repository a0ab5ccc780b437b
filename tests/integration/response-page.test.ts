import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_HOST } from '../support/app.js';
import { newReader, newStory } from '../support/readers.js';

const t = await createTestApp();
const PUBLISH = `mutation($to: ID!, $paragraphs: [ParagraphInput!]!) {
  publishResponse(inResponseToPostId: $to, paragraphs: $paragraphs) { __typename ... on Post { id mediumUrl } } }`;

describe("a response's own page", () => {
  it('says what it responds to, with a link there, and offers a clap button on each response', async () => {
    const writer = await newReader(t, 'Storyteller');
    const storyId = await newStory(t, writer.id, { title: 'Where the river bends' });
    const reader = await newReader(t, 'Answerer');
    const made = await reader.browser.gql(PUBLISH, { to: storyId, paragraphs: [{ name: 'a1b2', type: 'P', text: 'I walked there last spring.', markups: [] }] });
    const response = made.data.publishResponse as { id: string; mediumUrl: string };
    const page = await reader.browser.get(new URL(response.mediumUrl).pathname);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/Response to <a href="[^"]*where-the-river-bends-[0-9a-f]{12}"[^>]*>Where the river bends<\/a>/);

    // On the story, the response carries a clap button of its own with the viewer's claps.
    const story = await writer.browser.get(`/p/${storyId}`);
    const storyPage = await writer.browser.get(story.headers.location as string);
    const responseHtml = storyPage.body.slice(storyPage.body.indexOf(`data-response-id="${response.id}"`));
    expect(responseHtml).toMatch(/aria-label="Clap" data-viewer-claps="0"/);
  });

  it('serves a signed-out reader the same story page twice, the second time from kept responses', async () => {
    const writer = await newReader(t, 'Keeper');
    const storyId = await newStory(t, writer.id, { title: 'Tides at dusk' });
    const reader = await newReader(t, 'Kept Answerer');
    await reader.browser.gql(PUBLISH, { to: storyId, paragraphs: [{ name: 'c3d4', type: 'P', text: 'Kept & well said.', markups: [] }] });
    const canonical = (await t.app.inject({ method: 'GET', url: `/p/${storyId}`, headers: { host: TEST_HOST } })).headers.location as string;
    const loggedOut = () => t.app.inject({ method: 'GET', url: canonical, headers: { host: TEST_HOST } });
    const first = await loggedOut();
    const second = await loggedOut();
    expect(second.statusCode).toBe(200);
    // The same page but for the script nonce, made per render (docs/adr/0015).
    const withoutNonce = (html: string) => html.replaceAll(/nonce(=|-)"?[A-Za-z0-9+/=]+/g, 'nonce');
    expect(withoutNonce(second.body)).toBe(withoutNonce(first.body));
    // Kept within the page's own navigation: Reply's sign-up link comes back to this story.
    expect(second.body).toContain(`redirect=${encodeURIComponent(canonical)}&amp;skipOnboarding=1">Reply</a>`);
    expect(second.body).toContain('Kept &amp; well said.');
  });
});
