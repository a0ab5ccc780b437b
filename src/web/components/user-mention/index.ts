export { UserMention, type UserMentionProps } from './UserMention.js';
export { UserMentionCard, type MentionUser } from './UserMentionCard.js';
export { USER_MENTION_TOOLTIP_CONTENT_QUERY } from './operations.js';
