import { RESERVED_ROOT_SEGMENTS } from '../../shared/routing/tables.js';

/** Spec §6 roles on a publication, strongest first. */
export const PUBLICATION_ROLES = ['OWNER', 'EDITOR', 'WRITER'] as const;
export type PublicationRole = (typeof PUBLICATION_ROLES)[number];
export const isPublicationRole = (r: unknown): r is PublicationRole => (PUBLICATION_ROLES as readonly unknown[]).includes(r);

/** Whether `role` is at least `least` (OWNER ⊃ EDITOR ⊃ WRITER). */
export function roleAtLeast(role: PublicationRole | null | undefined, least: PublicationRole): boolean {
  if (!role) return false;
  return PUBLICATION_ROLES.indexOf(role) <= PUBLICATION_ROLES.indexOf(least);
}

export const SUBMISSION_POLICIES = ['WRITERS', 'ANYONE', 'CLOSED'] as const;
export type SubmissionPolicy = (typeof SUBMISSION_POLICIES)[number];

export const PUBLICATION_LIMITS = { name: 100, slugMin: 3, slugMax: 40, description: 280, tags: 5, tagLength: 40 } as const;

export const PUBLICATION_MESSAGES = {
  notFound: 'Publication not found.',
  signIn: 'Sign in to create and follow publications.',
  forbidden: 'You do not have permission to do that in this publication.',
  name: `A publication needs a name of 1 to ${PUBLICATION_LIMITS.name} characters.`,
  slug: `The publication URL must be ${PUBLICATION_LIMITS.slugMin} to ${PUBLICATION_LIMITS.slugMax} lowercase letters, digits or single hyphens.`,
  slugReserved: 'That publication URL is reserved. Please choose another.',
  slugTaken: 'That publication URL is taken. Please choose another.',
  description: `A publication description is at most ${PUBLICATION_LIMITS.description} characters.`,
  tags: `A publication has at most ${PUBLICATION_LIMITS.tags} tags.`,
  image: 'That image is not one of your uploads.',
  followSelf: 'You already receive the stories of your own publication.',
} as const;

/**
 * Spec §5 slug rules applied to a publication's address: lowercase letters and digits joined by
 * single hyphens, not a first segment the main host already serves (/about, /me, /search…), and
 * not the single letters the site's short paths use.
 */
export function slugProblem(slug: string): string | null {
  if (slug.length < PUBLICATION_LIMITS.slugMin || slug.length > PUBLICATION_LIMITS.slugMax || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return PUBLICATION_MESSAGES.slug;
  if (RESERVED_ROOT_SEGMENTS.has(slug) || EXTRA_RESERVED_SLUGS.has(slug)) return PUBLICATION_MESSAGES.slugReserved;
  return null;
}

/** Words kept for the site's own future paths and for names that would mislead readers. */
const EXTRA_RESERVED_SLUGS = new Set(['admin', 'api', 'app', 'assets', 'blog', 'careers', 'dashboard', 'graphql', 'health', 'inkwell', 'login', 'logout', 'media', 'press', 'settings', 'signin', 'signup', 'staff', 'static', 'status', 'support', 'www']);

/** Spec §3 publication homepage header: size, colour (rgb hex without '#') and background image. */
export interface PublicationHeader {
  size: 'SMALL' | 'MEDIUM' | 'LARGE';
  color: string | null;
  backgroundImageId: string | null;
}

/** Spec §3 posts section: a titled run of stories from one source, in a layout. */
export interface PostsSection {
  type: 'POSTS';
  id: string;
  title: string;
  layout: 'GRID' | 'LIST' | 'STREAM';
  source: 'LATEST' | 'TAG' | 'FEATURED';
  tags: string[];
  /** How many stories the section shows; more make hasOverflow true (a "See all" link). */
  limit: number;
}

/** Spec §3 promotion section. */
export interface PromotionSection {
  type: 'PROMOTION';
  id: string;
  backgroundColor: string | null;
  headlineText: string;
  buttonText: string;
  imageId: string | null;
  url: string;
}

export type PublicationSection = PostsSection | PromotionSection;

export interface PublicationHomepage {
  title: string;
  description: string;
  header: PublicationHeader;
  sections: PublicationSection[];
}

/** Spec §3 navigationItems: a title and where it leads (a tag, a feature page or a URL). */
export interface PublicationNavigationItem {
  title: string;
  value: string;
  destination: 'TAG' | 'FEATURE_PAGE' | 'URL';
}

/** The design a publication starts with: a medium header and its latest stories. */
export function defaultHomepage(name: string, description: string): PublicationHomepage {
  return {
    title: name,
    description,
    header: { size: 'MEDIUM', color: null, backgroundImageId: null },
    sections: [{ type: 'POSTS', id: 'latest', title: 'Latest', layout: 'GRID', source: 'LATEST', tags: [], limit: 6 }],
  };
}

export interface PublicationRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  tags: string[];
  avatarImageId: string | null;
  logoImageId: string | null;
  faviconImageId: string | null;
  ownerId: string;
  followersCount: number;
  twitterUsername: string | null;
  facebookPageId: string | null;
  googleAnalyticsId: string | null;
  submissionPolicy: SubmissionPolicy;
  homepage: PublicationHomepage | null;
  homepageDraft: PublicationHomepage | null;
  navigationItems: PublicationNavigationItem[];
  createdAt: Date;
  updatedAt: Date;
}

export const PUBLICATION_COLUMNS = `id, slug, name, description, tags, avatar_image_id as "avatarImageId", logo_image_id as "logoImageId",
  favicon_image_id as "faviconImageId", owner_id as "ownerId", followers_count as "followersCount", twitter_username as "twitterUsername",
  facebook_page_id as "facebookPageId", google_analytics_id as "googleAnalyticsId", submission_policy as "submissionPolicy",
  homepage, homepage_draft as "homepageDraft", navigation_items as "navigationItems", created_at as "createdAt", updated_at as "updatedAt"`;
