/**
 * Spec §1: bots receive no analytics. A crawler, a link preview or a headless browser names
 * itself in its User-Agent; one without a User-Agent is no reader's browser either.
 */
const BOT_USER_AGENT = /bot|crawl|spider|slurp|headless|preview|fetch|curl|wget|python|java\/|go-http|node-fetch|axios|lighthouse|facebookexternalhit|embedly|quora link|whatsapp|vkshare|pinterest|bitlybot/i;

export function isBotUserAgent(userAgent: string | undefined | null): boolean {
  return !userAgent || BOT_USER_AGENT.test(userAgent);
}

/** The stats page and publicationStats look back this many days at most (spec: the last 30 days). */
export const STATS_DAYS_DEFAULT = 30;
export const STATS_DAYS_MAX = 90;

export const STATS_MESSAGES = {
  badDays: `days must be between 1 and ${STATS_DAYS_MAX}.`,
  notFound: 'No such publication.',
  forbidden: "Only the publication's editors can see its stats.",
  signIn: "Sign in to see the publication's stats.",
} as const;

/** A UTC calendar day as 'YYYY-MM-DD'. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
