/**
 * The Follow buttons' fragments and mutations, defined in src/web/graphql/follow-operations.ts
 * (where the build ships them parsed). Import them from here or from there in documents:
 * this file holds no component, so *-operations.ts files can import it.
 */
export { FOLLOW_BUTTON_USER, FOLLOW_USER, UNFOLLOW_USER } from '../../graphql/follow-operations.js';
export { FOLLOW_TAG_BUTTON_TAG, FOLLOW_TAG, UNFOLLOW_TAG } from '../../graphql/follow-tag-operations.js';
export { MUTE_USER, UNMUTE_USER } from '../../graphql/mute-operations.js';
