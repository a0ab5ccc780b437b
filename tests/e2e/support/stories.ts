/** The first staff pick's story URL on the app at `baseUrl`, as the landing page links it. */
export async function firstStoryPath(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/_/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ staffPicksFeed(paging: { limit: 1 }) { items { uniqueSlug creator { username } } } }' }),
  });
  const item = ((await res.json()) as { data: { staffPicksFeed: { items: { uniqueSlug: string; creator: { username: string } }[] } } }).data.staffPicksFeed.items[0]!;
  return `/@${item.creator.username}/${item.uniqueSlug}`;
}

/** A member-only demo story: the first one found among the demo writers' stories. */
export async function lockedStoryPath(baseUrl: string): Promise<string> {
  for (const username of ['mayaokafor', 'tomas_ferreira', 'hannahlindqvist', 'ravimenon', 'eleanorvoss', 'kenji_w']) {
    const res = await fetch(`${baseUrl}/_/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query($u: ID!) { userResult(username: $u) { ... on User { homepagePostsConnection(paging: { limit: 10 }) { items { uniqueSlug isLocked } } } } }', variables: { u: username } }),
    });
    const items = ((await res.json()) as { data: { userResult: { homepagePostsConnection?: { items: { uniqueSlug: string; isLocked: boolean }[] } } } }).data.userResult.homepagePostsConnection?.items ?? [];
    const locked = items.find((i) => i.isLocked);
    if (locked) return `/@${username}/${locked.uniqueSlug}`;
  }
  throw new Error('The demo content has no member-only story.');
}
