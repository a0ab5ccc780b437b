/**
 * robots.txt (RFC 9309): public pages are crawled; the API, signed-in pages, sign-in,
 * settings, the editor and search results are not (they are private, endless or thin).
 * `*` and `$` are the RFC's wildcards.
 */

/** A page and what is below it, without other paths that merely start with its name. */
function exactly(path: string): string[] {
  return [`${path}$`, `${path}?`, `${path}/`];
}
export const ROBOTS_DISALLOW: readonly string[] = [
  '/_/', // GraphQL and the other endpoints
  '/me/', // the signed-in reader's pages, settings among them
  '/m/', // sign-in and account flows
  // A rule is a prefix: '/search' alone would also keep out a publication at /search-weekly.
  ...exactly('/new-story'), // the editor
  ...exactly('/m-write'),
  '/*/edit$', // editing a story, a profile, a list or a topic
  '/p/*/settings',
  '/p/*/revert/',
  ...exactly('/search'), // search results
  ...exactly('/get-started'), // onboarding
];

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap/sitemap.xml`, ''].join('\n');
}
