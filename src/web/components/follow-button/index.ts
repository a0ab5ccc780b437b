export { FollowButton, type FollowButtonProps, type FollowButtonUser } from './FollowButton.js';
export { FollowTagButton, type FollowTagButtonProps, type FollowTagButtonTag } from './FollowTagButton.js';
export { QueuedFollow, type QueuedFollowProps } from './QueuedFollow.js';
export { useMuteUser, type MuteTarget } from './use-mute-user.js';
export { FOLLOW_TOASTS, queuedFollowHref } from './messages.js';
export { useFollowState, useFollowerCount } from './follow-store.js';
export { FOLLOW_BUTTON_USER, FOLLOW_TAG_BUTTON_TAG, FOLLOW_USER, UNFOLLOW_USER, MUTE_USER, UNMUTE_USER, FOLLOW_TAG, UNFOLLOW_TAG } from './operations.js';
