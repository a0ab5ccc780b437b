/**
 * Resume reading's documents, as text: the story page sends them with a plain fetch (keepalive, so the
 * last position leaves even as the page closes) and loads no GraphQL client for them.
 */
export const READING_POSITION_QUERY_TEXT = `query ReadingPositionQuery($postId: ID!) {
  readingPosition(postId: $postId) { paragraphName paragraphIndex fraction }
}`;

export const SAVE_READING_POSITION_TEXT = `mutation SaveReadingPosition($input: ReadingPositionInput!) {
  saveReadingPosition(input: $input) { __typename }
}`;
