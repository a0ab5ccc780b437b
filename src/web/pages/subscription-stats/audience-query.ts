import { publicationVariables, type PublicationFrameData } from '../../components/publication/publication-key.js';
import { NEWSLETTER_STATS_PAGE_QUERY, USER_AUDIENCE_PAGE_QUERY } from '../../graphql/publication-newsletter-operations.js';

export interface AudienceSubscriber {
  id: string;
  email: string | null;
  state: 'PENDING' | 'ACTIVE' | 'UNSUBSCRIBED';
  source: 'ONE_CLICK' | 'EMAIL_FORM' | 'IMPORT';
  subscribedAt: string;
  user: { id: string; name: string; username: string | null } | null;
}

export interface Audience {
  active: number;
  pending: number;
  unsubscribed: number;
  hardBounces: number;
  complaints: number;
  otherSuppressed: number;
  from: string;
  to: string;
  newSubscribers: { day: string; count: number }[];
  subscribers: { subscribers: AudienceSubscriber[]; pagingInfo: { next: { to: string | null } | null } };
}

export type AudiencePageData = {
  collection?: (PublicationFrameData & { newsletterV3BySlug: { id: string; slug: string; name: string; audience: Audience | null } | null }) | null;
  userResult?: { __typename: string; id?: string; name?: string; username?: string; audience?: Audience | null };
};

/** subscription-stats is a publication newsletter's (/{slug}/newsletters/{newsletterSlug}/stats) or a writer's (/@{username}/audience). */
export const isWriterAudience = (params: Record<string, string>) => params.username !== undefined;

export function audienceQuery(params: Record<string, string>, to: string | null) {
  return isWriterAudience(params)
    ? { query: USER_AUDIENCE_PAGE_QUERY, variables: { username: params.username, to } }
    : { query: NEWSLETTER_STATS_PAGE_QUERY, variables: { ...publicationVariables(params), newsletterSlug: params.newsletterSlug ?? '', to } };
}

export function audienceOf(data: AudiencePageData | undefined): Audience | null {
  return (data?.userResult ? data.userResult.audience : data?.collection?.newsletterV3BySlug?.audience) ?? null;
}
