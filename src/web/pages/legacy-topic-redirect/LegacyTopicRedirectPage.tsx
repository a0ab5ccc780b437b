/**
 * /topic/{topicSlug} (legacy-topic-redirect): topics were folded into tags, so the server
 * answers with a redirect to /tag/{slug} (or 404) before this renders; nothing to show.
 */
export default function LegacyTopicRedirectPage() {
  return null;
}
