import { createUser } from '../../src/modules/accounts/commands.js';
import { createSession } from '../../src/modules/accounts/sessions.js';
import type { ParagraphInput } from '../../src/modules/posts/paragraph-input.js';
import type { TestApp } from './app.js';
import { testBrowser, type TestBrowser } from './test-browser.js';

/** A new user and a browser signed in as them (a real session cookie). */
export async function signedInWriter(t: TestApp, username: string, opts: { isStaff?: boolean } = {}): Promise<{ id: string; browser: TestBrowser }> {
  const id = await createUser(t.database.db, { name: `${username} Writer`, username, email: `${username}@example.com`, isStaff: opts.isStaff });
  const { token } = await createSession(t.database.db, id, { userAgent: 'vitest', ip: '203.0.113.9' });
  const browser = testBrowser(t.app);
  browser.jar.set('sid', token);
  return { id, browser };
}

/** A paragraph as the editor sends it (ParagraphInput). */
export const para = (name: string, text: string, extra: Record<string, unknown> = {}) => ({ name, type: 'P', text, ...extra });

const RESULT = `__typename
  ... on SavedDraft { postId latestRev updatedAt }
  ... on Conflict { message latestRev }
  ... on NotFound { message }
  ... on BadRequest { message }`;

const PARAGRAPH = `name type text markups { type start end href } layout
  metadata { id alt originalWidth originalHeight } codeBlockMetadata { lang }
  iframe { src width height title } mixtapeMetadata { href title description thumbnailImageId }`;

export const WRITING = {
  createDraft: `mutation($title: String!, $subtitle: String!, $paragraphs: [ParagraphInput!]!, $repostOfPostId: ID) {
    createDraft(title: $title, subtitle: $subtitle, paragraphs: $paragraphs, repostOfPostId: $repostOfPostId) { ${RESULT} } }`,
  saveDraft: `mutation($postId: ID!, $baseRev: Int!, $title: String!, $subtitle: String!, $paragraphs: [ParagraphInput!]!) {
    saveDraft(postId: $postId, baseRev: $baseRev, title: $title, subtitle: $subtitle, paragraphs: $paragraphs) { ${RESULT} } }`,
  revertPost: `mutation($postId: ID!, $rev: Int!) { revertPost(postId: $postId, rev: $rev) { ${RESULT} } }`,
  postForEditing: `query($id: ID!) { postForEditing(id: $id) { __typename
    ... on NotFound { message }
    ... on EditablePost { id title subtitle paragraphs { ${PARAGRAPH} } latestRev publishedRev isPublished visibility isLocked
      allowResponses license tags { id displayTitle normalizedTagSlug } previewImage { id originalWidth originalHeight }
      uniqueSlug mediumUrl inResponseToPostId canonicalUrl hasUnpublishedEdits updatedAt } } }`,
  postRevisions: `query($postId: ID!) { postRevisions(postId: $postId) { rev title subtitle createdAt publishedAt paragraphs { name text } } }`,
  publishPost: `mutation($postId: ID!, $input: PublishPostInput!) { publishPost(postId: $postId, input: $input) { __typename
    ... on NotFound { message } ... on BadRequest { message }
    ... on Post { id title uniqueSlug mediumUrl visibility isLocked isPublished allowResponses readingTime firstPublishedAt latestPublishedAt
      previewImage { id } tags { id displayTitle normalizedTagSlug } } } }`,
  updatePostSettings: `mutation($postId: ID!, $input: PublishPostInput!) { updatePostSettings(postId: $postId, input: $input) { __typename
    ... on NotFound { message } ... on BadRequest { message }
    ... on Post { id title uniqueSlug visibility isLocked allowResponses latestPublishedAt previewImage { id } tags { id } } } }`,
};

/** PublishPostInput with the dialog's defaults. */
export const publishInput = (over: Record<string, unknown> = {}) => ({
  tags: [],
  visibility: 'PUBLIC',
  isLocked: false,
  allowResponses: true,
  license: 'ALL_RIGHTS_RESERVED',
  ...over,
});

/** A story of about `words` words in paragraphs of 60, with an image and some markups. */
export function longStory(words: number): ParagraphInput[] {
  const paragraphs: ParagraphInput[] = [];
  for (let i = 0; i * 60 < words; i++) {
    const text = Array.from({ length: 60 }, (_, w) => `word${(i * 60 + w) % 997}`).join(' ');
    paragraphs.push({ name: `p${i}`, type: i % 10 === 0 ? 'H3' : 'P', text, markups: [{ type: 'STRONG', start: 0, end: 6 }] });
  }
  paragraphs.splice(3, 0, { name: 'img', type: 'IMG', text: 'A figure', metadata: { id: 'demo/harbor.svg', originalWidth: 1200, originalHeight: 800 } });
  return paragraphs;
}
