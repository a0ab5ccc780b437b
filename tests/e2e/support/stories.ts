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
