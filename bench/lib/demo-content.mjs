// What the write benchmarks (claps, lists) need from an app seeded with the demo content: its
// stories, and many signed-in readers made through the real sign-up flow.
import { signUp } from './accounts.mjs';

const DEMO_WRITERS = ['mayaokafor', 'tomas_ferreira', 'hannahlindqvist', 'ravimenon', 'eleanorvoss', 'kenji_w'];

/** The id of every demo story, as any reader finds them on the demo writers' profiles. */
export async function demoStories(client) {
  const ids = [];
  for (const username of DEMO_WRITERS) {
    const data = await client.gql('query($u: ID!) { userResult(username: $u) { ... on User { homepagePostsConnection(paging: { limit: 50 }) { items { id } } } } }', { u: username });
    ids.push(...(data.userResult.homepagePostsConnection?.items ?? []).map((i) => i.id));
  }
  if (ids.length === 0) throw new Error('No demo stories found (was the demo content seeded?).');
  return ids;
}

/** Signs up `count` readers (six at a time, the mailbox read for each); returns { client, id } each. */
export async function signUpReaders(origin, count) {
  const readers = [];
  for (let i = 0; i < count; i += 6) {
    const batch = Array.from({ length: Math.min(6, count - i) }, (_, j) => signUp(origin, { name: `Bench Reader ${i + j + 1}`, email: `bench-reader-${i + j + 1}@example.com` }));
    readers.push(...(await Promise.all(batch)));
  }
  return readers;
}
