/**
 * /series/{postId} (page id series): never shown — the page definition redirects into the
 * series holding the story, or answers 404.
 */
export default function SeriesRedirectPage() {
  return null;
}
