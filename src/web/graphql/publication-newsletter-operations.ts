import { gql } from 'graphql-tag';
import { PUBLICATION_FRAME_FIELDS } from './publication-operations.js';

/** What the landing, promotion and settings pages show of a newsletter. */
export const NEWSLETTER_V3_PAGE_FIELDS = gql`
  fragment NewsletterV3PageFields on NewsletterV3 {
    id
    slug
    name
    description
    showPromo
    subscriberCount
    viewerIsSubscribed
    viewerCanEdit
    consentNotice
  }
`;

/** /{collectionSlug}/newsletters/{newsletterSlug}[/settings]: the frame and that newsletter. */
export const PUBLICATION_NEWSLETTER_PAGE_QUERY = gql`
  query PublicationNewsletterPageQuery($domainOrSlug: String, $id: ID, $newsletterSlug: String!) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      newsletterV3BySlug(slug: $newsletterSlug) {
        ...NewsletterV3PageFields
      }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${NEWSLETTER_V3_PAGE_FIELDS}
`;

/** /{collectionSlug}/newsletter and /{collectionSlug}/new-newsletter: the frame and the publication's first newsletter. */
export const PUBLICATION_NEWSLETTER_PROMOTION_QUERY = gql`
  query PublicationNewsletterPromotionQuery($domainOrSlug: String, $id: ID) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      newsletterV3 {
        ...NewsletterV3PageFields
      }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${NEWSLETTER_V3_PAGE_FIELDS}
`;

/** What creating or updating a newsletter answers: the newsletter, or the refusal's message. */
const NEWSLETTER_V3_RESULT_FIELDS = gql`
  fragment NewsletterV3ResultFields on NewsletterV3Result {
    __typename
    ... on NewsletterV3Success {
      newsletterV3 {
        ...NewsletterV3PageFields
      }
    }
    ... on NotFound { message }
    ... on BadRequest { message }
    ... on Unauthorized { message }
    ... on Forbidden { message }
    ... on AlreadyExists { message }
  }
  ${NEWSLETTER_V3_PAGE_FIELDS}
`;

export const CREATE_NEWSLETTER_V3 = gql`
  mutation CreateNewsletterV3($collectionId: ID!, $input: NewsletterV3Input!) {
    createNewsletterV3(collectionId: $collectionId, input: $input) {
      ...NewsletterV3ResultFields
    }
  }
  ${NEWSLETTER_V3_RESULT_FIELDS}
`;

export const UPDATE_NEWSLETTER_V3 = gql`
  mutation UpdateNewsletterV3($newsletterV3Id: ID!, $input: NewsletterV3Input!) {
    updateNewsletterV3(newsletterV3Id: $newsletterV3Id, input: $input) {
      ...NewsletterV3ResultFields
    }
  }
  ${NEWSLETTER_V3_RESULT_FIELDS}
`;

const AUDIENCE_FIELDS = gql`
  fragment NewsletterAudienceFields on NewsletterAudience {
    id
    active
    pending
    unsubscribed
    hardBounces
    complaints
    otherSuppressed
    from
    to
    newSubscribers {
      day
      count
    }
    subscribers(paging: { limit: 20, to: $to }) {
      subscribers {
        id
        email
        state
        source
        subscribedAt
        user {
          id
          name
          username
        }
      }
      pagingInfo {
        next {
          limit
          to
        }
      }
    }
  }
`;

/** /{collectionSlug}/newsletters/{newsletterSlug}/stats (subscription-stats): null audience unless the viewer edits the publication. */
export const NEWSLETTER_STATS_PAGE_QUERY = gql`
  query NewsletterStatsPageQuery($domainOrSlug: String, $id: ID, $newsletterSlug: String!, $to: String) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      newsletterV3BySlug(slug: $newsletterSlug) {
        id
        slug
        name
        audience {
          ...NewsletterAudienceFields
        }
      }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${AUDIENCE_FIELDS}
`;

/** /@{username}/audience[/{details}] (subscription-stats): the writer's own; null audience for anyone else. */
export const USER_AUDIENCE_PAGE_QUERY = gql`
  query UserAudiencePageQuery($username: ID!, $to: String) {
    userResult(username: $username) {
      __typename
      ... on User {
        id
        name
        username
        audience {
          ...NewsletterAudienceFields
        }
      }
    }
  }
  ${AUDIENCE_FIELDS}
`;
