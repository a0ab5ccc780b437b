import type { RequestContext } from '../../server/graphql/context.js';
import { canReadFullContent } from '../posts/policies.js';
import type { PostRow } from '../posts/queries.js';
import { isFriendLinkKey } from './friend-links.js';
import { hasMeteredRead, takeMeteredRead } from './meter.js';
import { meters, type MeteringRule } from './rule.js';
import { meteringRule, storedFriendLinkSecret } from './settings.js';

/** How a reader without membership came to read a member-only story whole, or why not (PostContent.metering). */
export interface PostMetering {
  viaFriendLink: boolean;
  freeStoriesPerMonth: number;
  /** After this one; null through a friend link (it costs none, and is not counted). */
  freeStoriesLeft: number | null;
  /** Asked for ahead of a click (ctx.prefetch): the free story is not spent, and the text waits for the story to be opened. */
  heldUntilOpened: boolean;
}

export interface StoryAccess {
  full: boolean;
  /** Set when the metering rule decided (a friend link, or the monthly count); null otherwise. */
  metering: PostMetering | null;
}

type Story = Pick<PostRow, 'id' | 'isLocked' | 'creatorId' | 'tags' | 'firstPublishedAt'>;

const WHOLE: StoryAccess = Object.freeze({ full: true, metering: null }) as StoryAccess;
const PREVIEW: StoryAccess = Object.freeze({ full: false, metering: null }) as StoryAccess;

/** Decisions of one request (keyed by its loaders, made anew per request), by story id. */
const decided = new WeakMap<object, Map<string, Promise<StoryAccess>>>();

/**
 * What of a story the viewer reads: whole for everyone when it is not member-only, for its
 * author, staff and members (posts/policies.ts, no statement: a member's story costs what a
 * public one does); otherwise the metering rule may open it (a friend link, or one of the
 * month's free stories, counted here: text is never sent uncounted). With metering off, the
 * kept rule says so without a statement. One decision per request and story.
 */
export function storyAccess(ctx: RequestContext, post: Story): StoryAccess | Promise<StoryAccess> {
  if (canReadFullContent(post, ctx.viewer)) return WHOLE;
  let mine = decided.get(ctx.loaders);
  if (!mine) decided.set(ctx.loaders, (mine = new Map()));
  let decision = mine.get(post.id);
  if (!decision) {
    decision = decide(ctx, post, ctx.prefetch ? 'prefetch' : 'count');
    mine.set(post.id, decision);
  }
  return decision;
}

/**
 * The same answer without counting a read: whole when this request or an earlier one this
 * month opened the story (highlights of a story the reader is reading under the meter).
 */
export function storyAccessWithoutCounting(ctx: RequestContext, post: Story): StoryAccess | Promise<StoryAccess> {
  if (canReadFullContent(post, ctx.viewer)) return WHOLE;
  return decided.get(ctx.loaders)?.get(post.id) ?? decide(ctx, post, 'look');
}

/** count: take a free story if need be; look: only whether one was taken; prefetch: look, and say that opening it would take one. */
async function decide(ctx: RequestContext, post: Story, mode: 'count' | 'look' | 'prefetch'): Promise<StoryAccess> {
  const rule = await meteringRule(ctx.db);
  if (!rule.enabled && !rule.friendLinks) return PREVIEW;
  if (post.firstPublishedAt === null) return PREVIEW;
  if (rule.friendLinks && ctx.friendLinkKey) {
    const secret = await storedFriendLinkSecret(ctx.db);
    if (secret && isFriendLinkKey(secret, post.id, ctx.friendLinkKey)) return { full: true, metering: metering(rule, true, null) };
  }
  if (!ctx.viewer || !meters(rule, post.tags)) return PREVIEW;
  if (mode !== 'count') {
    if (await hasMeteredRead(ctx.db, ctx.viewer.id, post.id)) return { full: true, metering: null };
    return mode === 'prefetch' ? { full: false, metering: { ...metering(rule, false, null), heldUntilOpened: true } } : PREVIEW;
  }
  const reading = await takeMeteredRead(ctx.db, ctx.viewer.id, post.id, rule.freeStoriesPerMonth);
  return { full: reading.granted, metering: metering(rule, false, reading.left) };
}

const metering = (rule: MeteringRule, viaFriendLink: boolean, left: number | null): PostMetering => ({
  viaFriendLink,
  freeStoriesPerMonth: rule.freeStoriesPerMonth,
  freeStoriesLeft: left,
  heldUntilOpened: false,
});

/** The rule's answer, or this request's metering decision for the story when it made one; never counts or reads. */
export function decidedStoryAccess(ctx: RequestContext, post: Story): StoryAccess | Promise<StoryAccess> {
  if (canReadFullContent(post, ctx.viewer)) return WHOLE;
  return decided.get(ctx.loaders)?.get(post.id) ?? PREVIEW;
}
