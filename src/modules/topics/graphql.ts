import type { IResolvers } from 'mercurius';
import { BadRequestError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { slugify } from '../../shared/slug.js';
import type { PostRow } from '../posts/queries.js';
import { sharedArchiveCounts } from './archive-cache.js';
import { TOPICS_LIMITS } from './limits.js';
import { archiveRange, decodeKeyset, encodeKeyset, isTimePeriod, latestInTag, popularTags, recommendedInTag, relatedTags, suggestTags, tagBySlug, topInTag, writersInTags } from './queries.js';
import { excludedWriters, pageLimit, presentTag, rankedOffset, visiblePosts, visibleWriters } from './present.js';

export const topicsTypeDefs = /* GraphQL */ `
  union TagResult = Tag | NotFound

  "A year, a month of it or a day of that, with the tag's story count then (archive navigation)."
  type TagArchivePeriod {
    year: Int!
    month: Int
    day: Int
    postCount: Int!
  }

  "A tag's archive (/tag/{slug}/archive[/{year}[/{month}[/{day}]]]): counts per period and the stories of the one chosen."
  type TagArchive {
    year: Int
    month: Int
    day: Int
    years: [TagArchivePeriod!]!
    months: [TagArchivePeriod!]!
    days: [TagArchivePeriod!]!
    posts(paging: PagingOptions): PostConnection!
  }

  "A writer worth following in a topic: the claps their stories there drew."
  type TagWriter {
    user: User!
    clapCount: Int!
    postCount: Int!
  }

  type TagWriterConnection {
    items: [TagWriter!]!
    pagingInfo: PagingInfo!
  }

  type TagConnection {
    items: [Tag!]!
    pagingInfo: PagingInfo!
  }

  extend type Tag {
    "Newest first (the tag page)."
    latestPosts(paging: PagingOptions): PostConnection!
    "Recent stories ranked by claps and responses, decayed by age."
    recommendedPosts(paging: PagingOptions): PostConnection!
    "Most clapped of a period: day, week, month or year."
    topPosts(timePeriod: String!, paging: PagingOptions): PostConnection!
    "Null for a date that does not exist."
    archive(year: Int, month: Int, day: Int): TagArchive
    whoToFollow(paging: PagingOptions): TagWriterConnection!
    relatedTags(limit: Int): [Tag!]!
  }

  extend type Query {
    "A tag by slug (normalized as stories store it); NotFound for a tag no story ever named."
    tagResult(tagSlug: String!): TagResult!
    "Topics by popularity (most followed, then most written about), with at least one story."
    popularTags(paging: PagingOptions): TagConnection!
    "Tags starting with the text typed, with at least one story."
    tagSuggestions(query: String!, limit: Int): [Tag!]!
    "Writers whose stories in these topics drew the most claps (onboarding)."
    suggestedWritersInTags(tagSlugs: [String!]!, limit: Int): [TagWriter!]!
  }
`;

type Ctx = RequestContext;
type Paging = { paging?: { limit?: number | null; to?: string | null } | null };

const connection = (items: unknown[], next: { limit: number; to: string } | null) => ({ items, pagingInfo: { next } });

/** A ranked list paged by offset over its bounded candidate set. */
async function rankedPosts(ctx: Ctx, args: Paging, ids: (limit: number, offset: number, exclude: string[]) => Promise<string[]>) {
  const limit = pageLimit(args.paging);
  const offset = rankedOffset(args.paging?.to);
  const found = await ids(limit + 1, offset, await excludedWriters(ctx));
  const rows = (await ctx.loaders.postById.loadMany(found.slice(0, limit))).filter((p): p is PostRow => Boolean(p) && !(p instanceof Error));
  const more = found.length > limit && offset + limit < TOPICS_LIMITS.maxRankedOffset;
  return connection(await visiblePosts(ctx, rows), more ? { limit, to: String(offset + limit) } : null);
}

/**
 * Newest first, keyset paged; within [from, to) for the archive. Stories of deactivated
 * writers are dropped after the read, so it reads on (a few rounds at most) until the page
 * is full, and the cursor is the last story shown.
 */
async function newestPosts(ctx: Ctx, slug: string, args: Paging, range?: [Date, Date]) {
  const limit = pageLimit(args.paging);
  const exclude = await excludedWriters(ctx);
  const shown: PostRow[] = [];
  let cursor = decodeKeyset(args.paging?.to);
  let more = false;
  for (let round = 0; round < 3 && shown.length <= limit; round++) {
    const rows = await latestInTag(ctx.db, slug, { limit: limit + 1, after: cursor, exclude, from: range?.[0], to: range?.[1] });
    for (const row of rows) ctx.loaders.postById.prime(row.id, row);
    shown.push(...(await visiblePosts(ctx, rows)));
    more = rows.length > limit;
    const last = rows[rows.length - 1];
    if (!more || !last) break;
    cursor = { at: last.firstPublishedAt!, id: last.id };
  }
  const page = shown.slice(0, limit);
  const last = page[page.length - 1];
  return connection(page, (shown.length > limit || more) && last ? { limit, to: encodeKeyset(last) } : null);
}

const validDate = (year: number, month?: number, day?: number) => {
  if (!Number.isInteger(year) || year < 1970 || year > 9999) return false;
  if (month !== undefined && (!Number.isInteger(month) || month < 1 || month > 12)) return false;
  if (day !== undefined && (month === undefined || !Number.isInteger(day) || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate())) return false;
  return true;
};

export const topicsResolvers: IResolvers = {
  Query: {
    tagResult: async (_: unknown, args: { tagSlug: string }, ctx: Ctx) => {
      const slug = slugify(args.tagSlug.slice(0, 200));
      const tag = slug ? await tagBySlug(ctx.db, slug) : null;
      return tag ? presentTag(tag) : { __typename: 'NotFound', message: 'Tag not found.' };
    },
    popularTags: async (_: unknown, args: Paging, ctx: Ctx) => {
      const limit = pageLimit(args.paging, 50);
      const offset = rankedOffset(args.paging?.to);
      const rows = await popularTags(ctx.db, { limit: limit + 1, offset });
      return connection(rows.slice(0, limit).map(presentTag), rows.length > limit ? { limit, to: String(offset + limit) } : null);
    },
    tagSuggestions: async (_: unknown, args: { query: string; limit?: number | null }, ctx: Ctx) =>
      (await suggestTags(ctx.db, args.query.slice(0, 100), Math.max(1, Math.min(args.limit ?? 8, 20)))).map(presentTag),
    suggestedWritersInTags: async (_: unknown, args: { tagSlugs: string[]; limit?: number | null }, ctx: Ctx) => {
      const slugs = [...new Set(args.tagSlugs.slice(0, 20).map(slugify).filter(Boolean))];
      const limit = Math.max(1, Math.min(args.limit ?? 6, 20));
      const exclude = await excludedWriters(ctx, { self: true });
      return visibleWriters(ctx, await writersInTags(ctx.db, slugs, { limit, offset: 0, exclude, now: new Date() }));
    },
  },
  TagResult: {
    resolveType: (obj: { __typename?: string }) => obj.__typename ?? 'Tag',
  },
  Tag: {
    latestPosts: (t: { normalizedTagSlug: string }, args: Paging, ctx: Ctx) => newestPosts(ctx, t.normalizedTagSlug, args),
    recommendedPosts: (t: { normalizedTagSlug: string }, args: Paging, ctx: Ctx) =>
      rankedPosts(ctx, args, (limit, offset, exclude) => recommendedInTag(ctx.db, t.normalizedTagSlug, { limit, offset, exclude, now: new Date() })),
    topPosts: (t: { normalizedTagSlug: string }, args: Paging & { timePeriod: string }, ctx: Ctx) => {
      const period = args.timePeriod;
      if (!isTimePeriod(period)) throw new BadRequestError('The time period must be day, week, month or year.');
      return rankedPosts(ctx, args, (limit, offset, exclude) => topInTag(ctx.db, t.normalizedTagSlug, { period, limit, offset, exclude, now: new Date() }));
    },
    archive: async (t: { normalizedTagSlug: string; displayTitle: string }, args: { year?: number | null; month?: number | null; day?: number | null }) => {
      const year = args.year ?? undefined;
      const month = year === undefined ? undefined : (args.month ?? undefined);
      const day = month === undefined ? undefined : (args.day ?? undefined);
      if (year !== undefined && !validDate(year, month, day)) return null;
      if (year === undefined && (args.month != null || args.day != null)) return null;
      return { tag: t, year, month, day };
    },
    whoToFollow: async (t: { normalizedTagSlug: string }, args: Paging, ctx: Ctx) => {
      const limit = pageLimit(args.paging);
      const offset = rankedOffset(args.paging?.to);
      const exclude = await excludedWriters(ctx, { self: true });
      const rows = await writersInTags(ctx.db, [t.normalizedTagSlug], { limit: limit + 1, offset, exclude, now: new Date() });
      const more = rows.length > limit && offset + limit < TOPICS_LIMITS.maxRankedOffset;
      return connection(await visibleWriters(ctx, rows.slice(0, limit)), more ? { limit, to: String(offset + limit) } : null);
    },
    relatedTags: async (t: { normalizedTagSlug: string }, args: { limit?: number | null }, ctx: Ctx) =>
      (await relatedTags(ctx.db, t.normalizedTagSlug, Math.max(1, Math.min(args.limit ?? 8, TOPICS_LIMITS.relatedMax)))).map(presentTag),
  },
  TagArchive: {
    years: async (a: { tag: { normalizedTagSlug: string }; year?: number; month?: number }, _: unknown, ctx: Ctx) => (await counts(a, ctx)).years,
    months: async (a: { tag: { normalizedTagSlug: string }; year?: number; month?: number }, _: unknown, ctx: Ctx) => (await counts(a, ctx)).months,
    days: async (a: { tag: { normalizedTagSlug: string }; year?: number; month?: number }, _: unknown, ctx: Ctx) => (await counts(a, ctx)).days,
    posts: (a: { tag: { normalizedTagSlug: string }; year?: number; month?: number; day?: number }, args: Paging, ctx: Ctx) =>
      newestPosts(ctx, a.tag.normalizedTagSlug, args, a.year === undefined ? undefined : archiveRange(a.year, a.month, a.day)),
  },
};

type CountsParent = { tag: { normalizedTagSlug: string }; year?: number; month?: number };
type Counts = { years: unknown[]; months: unknown[]; days: unknown[] };
const countsOf = new WeakMap<CountsParent, Promise<Counts>>();

/** The three count lists of an archive come from one call, shared by its three fields. */
function counts(a: CountsParent, ctx: Ctx): Promise<Counts> {
  let p = countsOf.get(a);
  if (!p) {
    p = (async () => {
      const c = await sharedArchiveCounts(ctx.db, a.tag.normalizedTagSlug, { year: a.year, month: a.month, exclude: await excludedWriters(ctx) });
      return {
        years: c.years.map((y) => ({ year: y.value, postCount: y.postCount })),
        months: c.months.map((m) => ({ year: a.year, month: m.value, postCount: m.postCount })),
        days: c.days.map((d) => ({ year: a.year, month: a.month, day: d.value, postCount: d.postCount })),
      };
    })();
    countsOf.set(a, p);
  }
  return p;
}
