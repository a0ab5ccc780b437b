/**
 * The metering rule (beyond the spec's membership, off by default): signed-in readers without
 * membership read `freeStoriesPerMonth` member-only stories a month whole, only stories with
 * one of `tags` when any are given; with `friendLinks`, anyone arriving by a writer's friend
 * link (?sk=…, made in the story's Share menu) reads that story whole, without it counting.
 */
export interface MeteringRule {
  enabled: boolean;
  freeStoriesPerMonth: number;
  /** Tag slugs; empty: every member-only story is metered. */
  tags: string[];
  friendLinks: boolean;
}

export const METERING_OFF: MeteringRule = Object.freeze({ enabled: false, freeStoriesPerMonth: 3, tags: [], friendLinks: false }) as MeteringRule;

/** A month's free stories at most: more is not metering, it is making stories public. */
export const MAX_FREE_STORIES_PER_MONTH = 100;
export const MAX_METERED_TAGS = 20;

export const METERING_MESSAGES = {
  signIn: 'Sign in to change the metering rule.',
  staffOnly: 'Only staff can change the metering rule.',
  freeStories: `Free stories a month must be a whole number from 1 to ${MAX_FREE_STORIES_PER_MONTH}.`,
  tags: `Name at most ${MAX_METERED_TAGS} tags, each a tag's slug.`,
} as const;

const TAG_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The rule as staff typed it, or the message saying what is wrong (nothing is changed then). */
export function checkMeteringRule(input: MeteringRule): { rule: MeteringRule } | { message: string } {
  const n = input.freeStoriesPerMonth;
  if (!Number.isInteger(n) || n < 1 || n > MAX_FREE_STORIES_PER_MONTH) return { message: METERING_MESSAGES.freeStories };
  const tags = [...new Set(input.tags.map((t) => t.trim().toLowerCase()))];
  if (tags.length > MAX_METERED_TAGS || tags.some((t) => t.length > 100 || !TAG_SLUG.test(t))) return { message: METERING_MESSAGES.tags };
  return { rule: { enabled: input.enabled, freeStoriesPerMonth: n, tags, friendLinks: input.friendLinks } };
}

/** A stored value as a rule; anything unreadable is metering off (it never opens stories by mistake). */
export function readStoredRule(value: unknown): MeteringRule {
  if (!value || typeof value !== 'object') return METERING_OFF;
  const v = value as Partial<MeteringRule>;
  if (typeof v.enabled !== 'boolean' || typeof v.friendLinks !== 'boolean' || !Array.isArray(v.tags) || !v.tags.every((t) => typeof t === 'string')) return METERING_OFF;
  const checked = checkMeteringRule({ enabled: v.enabled, freeStoriesPerMonth: Number(v.freeStoriesPerMonth), tags: v.tags, friendLinks: v.friendLinks });
  return 'rule' in checked ? checked.rule : METERING_OFF;
}

/** Whether the rule meters this story at all (the tags it names, or every story). */
export function meters(rule: MeteringRule, postTags: readonly string[]): boolean {
  return rule.enabled && (rule.tags.length === 0 || postTags.some((t) => rule.tags.includes(t)));
}

/** The metering window (spec §3 metering windows): the calendar month in UTC, as its first day. */
export function meteringMonth(now: Date): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
}
