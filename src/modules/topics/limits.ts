/**
 * The sizes that keep tag pages fast at 1M stories: every ranked list reads a bounded,
 * recent candidate set of a tag through posts_listed_tags_idx, never the whole tag.
 */
export const TOPICS_LIMITS = {
  /** Page size bounds of every tag list (spec §3 paging: limit + next.to). */
  defaultPage: 10,
  maxPage: 25,
  /** Recommended: stories of the last 90 days, the newest 1,000 of them, ranked. */
  recommendedWindowDays: 90,
  recommendedCandidates: 1000,
  /** Top of a period: the period's newest 2,000 stories of the tag, by claps. */
  topCandidates: 2000,
  /** Ranked lists page by offset over their bounded set; past this there is nothing more. */
  maxRankedOffset: 1000,
  /** Who to follow: claps of the newest 2,000 stories of the last year. */
  writersWindowDays: 365,
  writersCandidates: 2000,
  /** Related tags: co-occurrence in the tag's newest 500 stories. */
  relatedCandidates: 500,
  relatedMax: 12,
  /** Onboarding asks for at least this many topics before Continue. */
  onboardingMinTopics: 3,
} as const;
