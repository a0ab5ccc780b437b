/** Defined with the other social documents (parsed at build time). */
export { USER_MENTION_TOOLTIP_CONTENT_QUERY } from '../../graphql/follow-operations.js';
