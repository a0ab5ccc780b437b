import DataLoader from 'dataloader';
import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../../server/graphql/context.js';
import { NotFoundError, UnauthorizedError } from '../../platform/errors/index.js';
import type { PostRow } from '../posts/queries.js';
import { addDays, dayFromSlug, slugOfDay, utcDay } from './day-slug.js';
import { showLessLikeThis, undoShowLessLikeThis } from './dismissals.js';
import { decodeRankCursor, decodeTimeCursor, encodeRankCursor, encodeTimeCursor } from './feed-cursor.js';
import { forYouFeed } from './feed-for-you.js';
import { followingFeed } from './feed-following.js';
import { siteCandidates } from './site-candidates.js';
import { topicCandidates } from './topic-candidates.js';
import { perTopicOf } from './for-you-ranking.js';
import { viewerFeedSources, type FeedSources } from './feed-sources.js';
import { loadListed, pageLimit } from './graphql.js';
import { recentlyReadIds, WHO_TO_FOLLOW_SPARE, whoToFollowIds } from './sidebar-queries.js';
import { popularTags } from '../topics/queries.js';
import { presentTag } from '../topics/present.js';
import { pickedPostIds, pickStory, unpickStory } from './staff-picks.js';
import { latestClappedDay, topStoriesOfDay } from './top-stories.js';
import { isListed } from '../posts/listed.js';

export const feedTypeDefs = /* GraphQL */ `
  "Spec §3 source tracking of a story in a feed: which feed, why, and where in it."
  type FeedItemSource {
    feedId: String!
    "FOLLOWING (Following tab); FOLLOWED_AUTHOR, FOLLOWED_TOPIC or POPULAR_ON_SITE (For you)."
    postFeedReason: String!
    rankPosition: Int!
    authorId: ID
    tagSlug: String
  }

  type FeedItem {
    post: Post!
    source: FeedItemSource!
  }

  type FeedConnection {
    items: [FeedItem!]!
    pagingInfo: PagingInfo!
  }

  "The top stories of a UTC day by the claps they received that day."
  type TopStoriesDay {
    day: String!
    monthDayYearSlug: String!
    previousDaySlug: String!
    "Null for today: no later day has claps yet."
    nextDaySlug: String
    posts: [Post!]!
  }

  extend type Query {
    "Newest first from followed writers and topics (signed in; empty otherwise)."
    followingFeed(paging: PagingOptions): FeedConnection!
    "Ranked: followed writers and topics, popular recent stories (module README)."
    forYouFeed(paging: PagingOptions): FeedConnection!
    "Null when the slug is not a day; without one, the latest day with claps."
    topStories(monthDayYearSlug: String): TopStoriesDay
    "Popular topics the viewer does not follow."
    recommendedTopics(limit: Int): [Tag!]!
    "Writers the viewer neither follows nor muted, by the claps of their recent stories."
    whoToFollow(limit: Int): [User!]!
    "The viewer's recently read stories (reading history), newest read first."
    recentlyReadPosts(limit: Int): [Post!]!
    "Whether the viewer is staff (may add and remove staff picks)."
    viewerIsStaff: Boolean!
  }

  extend type Post {
    isStaffPick: Boolean!
  }

  extend type Mutation {
    "Staff only."
    addStaffPick(postId: ID!): Post!
    "Staff only."
    removeStaffPick(postId: ID!): Post!
    "Hides the story from the viewer's feeds and lowers its writer and tags in For you."
    showLessLikeThis(postId: ID!): Boolean!
    undoShowLessLikeThis(postId: ID!): Boolean!
  }
`;

type Paging = { paging?: { limit?: number | null; to?: string | null } | null };
type Ctx = RequestContext;

interface SourceRow {
  id: string;
  reason: string;
  authorId: string | null;
  tagSlug: string | null;
}

/** Posts in the order of their rows, each with its source; stories that cannot be shown (closed accounts) drop out. */
async function feedItems(rows: SourceRow[], feedId: string, ctx: Ctx) {
  // The rows are read fresh here: a story trashed or unlisted since a cached candidate list was made drops out.
  const posts = new Map((await loadListed(rows.map((r) => r.id), ctx)).filter(isListed).map((p) => [p.id, p]));
  return rows
    .filter((r) => posts.has(r.id))
    .map((r, i) => ({ post: posts.get(r.id)!, source: { feedId, postFeedReason: r.reason, rankPosition: i, authorId: r.authorId, tagSlug: r.tagSlug } }));
}

const empty = { items: [], pagingInfo: { next: null } };

const sources = viewerFeedSources;

const pickLoaders = new WeakMap<object, DataLoader<string, boolean>>();
function pickLoader(ctx: Ctx) {
  let l = pickLoaders.get(ctx.loaders);
  if (!l) {
    l = new DataLoader(async (ids) => {
      const picked = await pickedPostIds(ctx.db, ids);
      return ids.map((id) => picked.has(id));
    });
    pickLoaders.set(ctx.loaders, l);
  }
  return l;
}

const clampSmall = (limit: number | null | undefined, fallback: number) => Math.max(1, Math.min(limit ?? fallback, 10));

async function mutedOf(ctx: Ctx): Promise<string[]> {
  return ctx.viewer ? (await sources(ctx, ctx.viewer.id)).mutedIds : [];
}

async function postOf(ctx: Ctx, id: string): Promise<PostRow> {
  ctx.loaders.postById.clear(id);
  const post = await ctx.loaders.postById.load(id);
  if (!post) throw new NotFoundError('Post not found.');
  return post;
}

function signedIn(ctx: Ctx): string {
  if (!ctx.viewer) throw new UnauthorizedError('Sign in to do this.');
  return ctx.viewer.id;
}

export const feedResolvers: IResolvers = {
  Query: {
    viewerIsStaff: (_: unknown, __: unknown, ctx: Ctx) => ctx.viewer?.isStaff === true,
    followingFeed: async (_: unknown, args: Paging, ctx: Ctx) => {
      if (!ctx.viewer) return empty;
      const limit = pageLimit(args.paging ?? undefined);
      const { rows, next } = await followingFeed(ctx.db, await sources(ctx, ctx.viewer.id), limit, decodeTimeCursor(args.paging?.to));
      const items = await feedItems(
        rows.map((r) => ({ id: r.id, reason: 'FOLLOWING', authorId: r.authorId, tagSlug: r.tagSlug })),
        'following',
        ctx,
      );
      return { items, pagingInfo: { next: next ? { limit, to: encodeTimeCursor(next) } : null } };
    },
    forYouFeed: async (_: unknown, args: Paging, ctx: Ctx) => {
      const limit = pageLimit(args.paging ?? undefined);
      // Signed out, For you is the site's popular recent stories.
      const src: FeedSources = ctx.viewer ? await sources(ctx, ctx.viewer.id) : { viewerId: '', authorIds: [], tagSlugs: [], mutedIds: [], dismissedIds: [] };
      const now = new Date();
      const [site, topics] = await Promise.all([siteCandidates(ctx.db, now), topicCandidates(ctx.db, src.tagSlugs, perTopicOf(src.tagSlugs.length), now)]);
      const { rows, next } = await forYouFeed(ctx.db, src, limit, decodeRankCursor(args.paging?.to), now, site, topics);
      const items = await feedItems(rows, 'for-you', ctx);
      return { items, pagingInfo: { next: next ? { limit, to: encodeRankCursor(next) } : null } };
    },
    topStories: async (_: unknown, args: { monthDayYearSlug?: string | null }, ctx: Ctx) => {
      const today = utcDay(new Date());
      const day = args.monthDayYearSlug ? dayFromSlug(args.monthDayYearSlug) : ((await latestClappedDay(ctx.db, today)) ?? today);
      if (!day || day > today) return null;
      const rows = await topStoriesOfDay(ctx.db, day, await mutedOf(ctx));
      return {
        day,
        monthDayYearSlug: slugOfDay(day),
        previousDaySlug: slugOfDay(addDays(day, -1)),
        nextDaySlug: day < today ? slugOfDay(addDays(day, 1)) : null,
        posts: await loadListed(rows.map((r) => r.id), ctx),
      };
    },
    recommendedTopics: async (_: unknown, args: { limit?: number | null }, ctx: Ctx) => {
      const followed = ctx.viewer ? (await sources(ctx, ctx.viewer.id)).tagSlugs : [];
      // The most popular topics the reader does not follow yet.
      return (await popularTags(ctx.db, { limit: clampSmall(args.limit, 7), offset: 0, excluding: followed })).map(presentTag);
    },
    whoToFollow: async (_: unknown, args: { limit?: number | null }, ctx: Ctx) => {
      const src = ctx.viewer ? await sources(ctx, ctx.viewer.id) : null;
      // authorIds leaves out muted writers; they are excluded too.
      const excluded = src ? [src.viewerId, ...src.authorIds, ...src.mutedIds] : [];
      const limit = clampSmall(args.limit, 3);
      // The ranking may be a minute old: a few spare, and closed or suspended accounts left out now.
      const ids = await whoToFollowIds(ctx.db, excluded, limit + WHO_TO_FOLLOW_SPARE);
      const users = await ctx.loaders.userById.loadMany(ids);
      return users.filter((u) => u && !(u instanceof Error) && !u.isSuspended && !u.deactivatedAt).slice(0, limit);
    },
    recentlyReadPosts: async (_: unknown, args: { limit?: number | null }, ctx: Ctx) => {
      if (!ctx.viewer) return [];
      const ids = await recentlyReadIds(ctx.db, ctx.viewer.id, await mutedOf(ctx), clampSmall(args.limit, 3));
      return loadListed(ids, ctx);
    },
  },
  Post: {
    isStaffPick: (p: PostRow, _: unknown, ctx: Ctx) => pickLoader(ctx).load(p.id),
  },
  Mutation: {
    addStaffPick: async (_: unknown, args: { postId: string }, ctx: Ctx) => {
      await pickStory(ctx.db, ctx.viewer, args.postId);
      pickLoader(ctx).clear(args.postId).prime(args.postId, true);
      return postOf(ctx, args.postId);
    },
    removeStaffPick: async (_: unknown, args: { postId: string }, ctx: Ctx) => {
      await unpickStory(ctx.db, ctx.viewer, args.postId);
      pickLoader(ctx).clear(args.postId).prime(args.postId, false);
      return postOf(ctx, args.postId);
    },
    showLessLikeThis: async (_: unknown, args: { postId: string }, ctx: Ctx) => {
      await showLessLikeThis(ctx.db, signedIn(ctx), args.postId);
      return true;
    },
    undoShowLessLikeThis: async (_: unknown, args: { postId: string }, ctx: Ctx) => {
      await undoShowLessLikeThis(ctx.db, signedIn(ctx), args.postId);
      return true;
    },
  },
};
