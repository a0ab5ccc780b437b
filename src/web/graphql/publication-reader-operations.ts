import { gql } from 'graphql-tag';
import { POST_PREVIEW } from './operations.js';
import { PUBLICATION_FRAME_FIELDS } from './publication-operations.js';
import { PERSON_ROW_USER } from './social-operations.js';

/** Stories per page of the publication's reader lists (latest, tagged, archive, feature pages). */
export const PUBLICATION_READER_PAGE_SIZE = 20;

const POST_PAGE = `items { ...PostPreview_post } pagingInfo { next { limit to } }`;
const KEY = '$domainOrSlug: String, $id: ID';

export const PUBLICATION_ABOUT_QUERY = gql`
  query PublicationAboutQuery(${KEY}) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      createdAt
      twitterUsername
      facebookPageId
      editors {
        ...CustomizePersonRow_user
      }
      writers {
        ...CustomizePersonRow_user
      }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${PERSON_ROW_USER}
`;

/** /latest and /tagged/{tagSlug}: newest first, 'Show more' by cursor. */
export const PUBLICATION_LATEST_QUERY = gql`
  query PublicationLatestQuery(${KEY}, $paging: PagingOptions, $tagSlug: String) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      latestPosts(paging: $paging, tagSlug: $tagSlug) { ${POST_PAGE} }
      postsPage(page: 1) {
        pageCount
      }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${POST_PREVIEW}
`;

/** /all[/{page}]: numbered pages. */
export const PUBLICATION_ALL_QUERY = gql`
  query PublicationAllQuery(${KEY}, $page: Int!) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      postsPage(page: $page) {
        page
        pageCount
        posts {
          ...PostPreview_post
        }
      }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${POST_PREVIEW}
`;

export const PUBLICATION_TRENDING_QUERY = gql`
  query PublicationTrendingQuery(${KEY}) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      trendingPosts(limit: ${PUBLICATION_READER_PAGE_SIZE}) {
        ...PostPreview_post
      }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${POST_PREVIEW}
`;

export const PUBLICATION_FEATURED_QUERY = gql`
  query PublicationFeaturedQuery(${KEY}) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      featuredStories(limit: ${PUBLICATION_READER_PAGE_SIZE}) {
        ...PostPreview_post
      }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${POST_PREVIEW}
`;

/** /{topicSlug}/home: a feature page and its stories. */
export const PUBLICATION_FEATURE_QUERY = gql`
  query PublicationFeatureQuery(${KEY}, $topicSlug: String!, $paging: PagingOptions) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      featurePage(slug: $topicSlug) {
        id
        slug
        title
        description
        tags
        posts(paging: $paging) { ${POST_PAGE} }
      }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${POST_PREVIEW}
`;

/** /{featureSlug}/tagged/{tagSlug}: the feature page's title over the tag's stories. */
export const PUBLICATION_FEATURE_TAGGED_QUERY = gql`
  query PublicationFeatureTaggedQuery(${KEY}, $featureSlug: String!, $tagSlug: String, $paging: PagingOptions) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      featurePage(slug: $featureSlug) {
        id
        slug
        title
      }
      latestPosts(paging: $paging, tagSlug: $tagSlug) { ${POST_PAGE} }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${POST_PREVIEW}
`;

export const PUBLICATION_ARCHIVE_QUERY = gql`
  query PublicationArchiveQuery(${KEY}, $year: Int, $month: Int, $day: Int, $paging: PagingOptions) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      archive(year: $year, month: $month, day: $day) {
        year
        month
        day
        years { year postCount }
        months { year month postCount }
        days { year month day postCount }
        posts(paging: $paging) { ${POST_PAGE} }
      }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${POST_PREVIEW}
`;

const FEATURE_PAGE_FIELDS = 'id slug title description tags position';

/** The editors' list of feature pages (/settings/feature-pages) and the editor (new, edit). */
export const PUBLICATION_FEATURE_PAGES_QUERY = gql`
  query PublicationFeaturePagesQuery(${KEY}) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      featurePages { ${FEATURE_PAGE_FIELDS} }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
`;

const FEATURE_RESULT = `__typename ... on FeaturePageSuccess { featurePage { ${FEATURE_PAGE_FIELDS} } } ... on NotFound { message } ... on BadRequest { message } ... on Unauthorized { message } ... on Forbidden { message } ... on AlreadyExists { message }`;

export const CREATE_FEATURE_PAGE = gql`
  mutation CreateFeaturePage($collectionId: ID!, $input: FeaturePageInput!) {
    createFeaturePage(collectionId: $collectionId, input: $input) { ${FEATURE_RESULT} }
  }
`;
export const UPDATE_FEATURE_PAGE = gql`
  mutation UpdateFeaturePage($collectionId: ID!, $featurePageId: ID!, $input: FeaturePageInput!) {
    updateFeaturePage(collectionId: $collectionId, featurePageId: $featurePageId, input: $input) { ${FEATURE_RESULT} }
  }
`;
export const DELETE_FEATURE_PAGE = gql`
  mutation DeleteFeaturePage($collectionId: ID!, $featurePageId: ID!) {
    deleteFeaturePage(collectionId: $collectionId, featurePageId: $featurePageId) {
      __typename
      ... on FeaturePageDeleted { id }
      ... on NotFound { message }
      ... on Unauthorized { message }
      ... on Forbidden { message }
    }
  }
`;
