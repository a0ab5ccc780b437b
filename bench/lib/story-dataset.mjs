// The story the page benchmark reads (issue target: a 3,000-word body, 30 responses, real
// data): written, published and responded to through the app's own GraphQL mutations by
// readers who signed up, so every row is what the product itself writes.
import { performance } from 'node:perf_hooks';
import { signUp } from './accounts.mjs';

export const LONG_STORY_WORDS = 3000;
export const LONG_STORY_RESPONSES = 30;
const RESPONDERS = 6;

const VOCABULARY = (
  'the a of to and in that is was it for on with as be at by this had not are but from or have an they which one you were ' +
  'her all she there would their we him been has when who will more no if out so said what up its about into than them can ' +
  'only other new some could time these two may then do first any my now such like our over man me even most made after also ' +
  'did many before must through back years where much your way well down should because each just those people how too little ' +
  'state good very make world still own see men work long get here between both life being under never day same another know ' +
  'while last might us great old year off come since against go came right used take three writing story reader garden river ' +
  'morning window letter kitchen station harbour mountain library winter summer coffee notebook city evening village bridge'
).split(' ');

/** A deterministic generator, so every run reads the same story. */
function words(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return VOCABULARY[(x >>> 0) % VOCABULARY.length];
  };
}

function sentence(next, length) {
  const w = Array.from({ length }, next);
  w[0] = w[0][0].toUpperCase() + w[0].slice(1);
  return `${w.join(' ')}.`;
}

function paragraphText(next, wordCount) {
  const out = [];
  let left = wordCount;
  while (left > 0) {
    const n = Math.min(left, 8 + (out.length * 7) % 13);
    out.push(sentence(next, n));
    left -= n;
  }
  return out.join(' ');
}

const hexName = (i) => (0x1000 + i).toString(16).slice(-4);

/** About `wordCount` words in sections: H3 headings, paragraphs with markups, a quote, code and images. */
export function longStoryParagraphs(wordCount = LONG_STORY_WORDS, seed = 7) {
  const next = words(seed);
  const paragraphs = [];
  let written = 0;
  let i = 0;
  const push = (p) => paragraphs.push({ name: hexName(i++), markups: [], ...p });
  while (written < wordCount) {
    if (i % 12 === 0) push({ type: 'H3', text: sentence(next, 4).slice(0, -1) });
    const text = paragraphText(next, 55);
    const bold = text.indexOf(' ') + 1;
    push({ type: 'P', text, markups: [{ type: 'STRONG', start: 0, end: bold - 1 }, { type: 'EM', start: bold, end: bold + 12 }] });
    written += 55;
    if (i % 17 === 0) push({ type: 'BQ', text: sentence(next, 18) });
    if (i % 29 === 0) push({ type: 'PRE', text: 'const story = await read(post);\nconsole.log(story.title);', codeBlockMetadata: { lang: 'js' } });
    if (i % 23 === 0) {
      push({ type: 'IMG', text: sentence(next, 6), layout: 'INSET_CENTER', metadata: { id: 'demo/first-light.svg', originalWidth: 1600, originalHeight: 900 } });
    }
  }
  return paragraphs;
}

const CREATE_DRAFT = `mutation CreateDraft($title: String!, $subtitle: String!, $paragraphs: [ParagraphInput!]!) {
  createDraft(title: $title, subtitle: $subtitle, paragraphs: $paragraphs) { __typename ... on SavedDraft { postId } ... on BadRequest { message } }
}`;
const PUBLISH = `mutation PublishPost($postId: ID!, $input: PublishPostInput!) {
  publishPost(postId: $postId, input: $input) { __typename ... on Post { uniqueSlug creator { username } } ... on BadRequest { message } }
}`;
const RESPOND = `mutation PublishResponse($inResponseToPostId: ID!, $paragraphs: [ParagraphInput!]!) {
  publishResponse(inResponseToPostId: $inResponseToPostId, paragraphs: $paragraphs) { __typename ... on BadRequest { message } }
}`;
const PUBLISH_INPUT = { tags: ['Writing', 'Benchmarks'], visibility: 'PUBLIC', isLocked: false, allowResponses: true, license: 'ALL_RIGHTS_RESERVED' };

/** Writes a draft; returns its id. */
export async function createDraft(client, title, paragraphs) {
  const { createDraft: r } = await client.gql(CREATE_DRAFT, { title, subtitle: 'A long read, for the benchmark', paragraphs });
  if (r.__typename !== 'SavedDraft') throw new Error(`createDraft: ${r.__typename} ${r.message ?? ''}`);
  return r.postId;
}

/** Publishes a draft; returns the story's path and the round trip in ms. */
export async function publish(client, postId) {
  const started = performance.now();
  const { publishPost: r } = await client.gql(PUBLISH, { postId, input: PUBLISH_INPUT });
  const ms = performance.now() - started;
  if (r.__typename !== 'Post') throw new Error(`publishPost: ${r.__typename} ${r.message ?? ''}`);
  return { path: `/@${r.creator.username}/${r.uniqueSlug}`, slug: r.uniqueSlug, ms };
}

/** The long story with its responses, and the writer's client (for the publish timing). */
export async function writeLongStory(origin, { title = 'The long read: notes from a year of writing every day' } = {}) {
  const writer = await signUp(origin, { name: 'Bench Writer', email: 'writer@bench.example' });
  const postId = await createDraft(writer.client, title, longStoryParagraphs());
  const story = await publish(writer.client, postId);
  const readers = [];
  for (let r = 0; r < RESPONDERS; r++) readers.push(await signUp(origin, { name: `Bench Reader ${r + 1}`, email: `reader${r + 1}@bench.example` }));
  const next = words(11);
  for (let k = 0; k < LONG_STORY_RESPONSES; k++) {
    const paragraphs = [{ name: 'a000', type: 'P', text: paragraphText(next, 20 + (k % 5) * 12), markups: [] }];
    const { publishResponse: r } = await readers[k % RESPONDERS].client.gql(RESPOND, { inResponseToPostId: postId, paragraphs });
    if (r.__typename !== 'Post') throw new Error(`publishResponse: ${r.__typename} ${r.message ?? ''}`);
  }
  return { writer, postId, title, ...story };
}
