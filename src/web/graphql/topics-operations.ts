import type { DocumentNode, FragmentDefinitionNode } from 'graphql';
import { gql } from 'graphql-tag';
import { POST_PREVIEW } from './operations.js';
import { PERSON_ROW_USER } from './social-operations.js';

/** A topic as its header, chips and follow buttons show it (FollowTagButton reads these). */
export const TOPIC_TAG = gql`
  fragment Topic_tag on Tag {
    id
    normalizedTagSlug
    displayTitle
    postCount
    followerCount
    viewerEdge {
      id
      isFollowing
    }
  }
`;

const POST_PAGE = `items { ...PostPreview_post } pagingInfo { next { limit to } }`;

/** Page size of the tag lists. */
export const TOPIC_PAGE_SIZE = 10;

/** A tag page's query: the tag result with the header's fields, then the page's own list. */
const tagPageQuery = (name: string, params: string, list: string, fragment: DocumentNode) => gql`
  query ${name}($tagSlug: String!${params}) {
    tagResult(tagSlug: $tagSlug) {
      __typename
      ... on NotFound {
        message
      }
      ... on Tag {
        ...Topic_tag
        relatedTags(limit: 8) {
          ...Topic_tag
        }
        ${list}
      }
    }
  }
  ${TOPIC_TAG}
  ${fragment}
`;

/** The tag page (page id topic): newest stories first. */
export const TOPIC_PAGE_QUERY = tagPageQuery('TopicPageQuery', ', $paging: PagingOptions', `latestPosts(paging: $paging) { ${POST_PAGE} }`, POST_PREVIEW);
/** /tag/{slug}/recommended (topic-recommended): ranked by claps and responses, decayed by age. */
export const TOPIC_RECOMMENDED_QUERY = tagPageQuery('TopicRecommendedQuery', ', $paging: PagingOptions', `recommendedPosts(paging: $paging) { ${POST_PAGE} }`, POST_PREVIEW);

/** A writer in a who-to-follow list (FollowButton reads id, name, username, viewerEdge). */
/** The person-row fragment of the social pages, by whatever name it has there. */
const PERSON_ROW = (PERSON_ROW_USER.definitions[0] as FragmentDefinitionNode).name.value;

export const TOPIC_WRITER = gql`
  fragment Topic_writer on TagWriter {
    clapCount
    postCount
    user {
      ...${PERSON_ROW}
    }
  }
  ${PERSON_ROW_USER}
`;

export const TOPIC_WHO_TO_FOLLOW_QUERY = tagPageQuery(
  'TopicWhoToFollowQuery',
  ', $paging: PagingOptions',
  `whoToFollow(paging: $paging) { items { ...Topic_writer } pagingInfo { next { limit to } } }`,
  TOPIC_WRITER,
);

export const TAG_ARCHIVE_QUERY = tagPageQuery(
  'TagArchiveQuery',
  ', $year: Int, $month: Int, $day: Int, $paging: PagingOptions',
  `archive(year: $year, month: $month, day: $day) {
    year month day
    years { year postCount }
    months { year month postCount }
    days { year month day postCount }
    posts(paging: $paging) { ${POST_PAGE} }
  }`,
  POST_PREVIEW,
);

/** Page size of explore-topics and of the onboarding's topics. */
export const EXPLORE_TOPICS_PAGE_SIZE = 48;

export const EXPLORE_TOPICS_QUERY = gql`
  query ExploreTopicsQuery($paging: PagingOptions) {
    popularTags(paging: $paging) {
      items {
        ...Topic_tag
      }
      pagingInfo {
        next {
          limit
          to
        }
      }
    }
  }
  ${TOPIC_TAG}
`;

export const TAG_SUGGESTIONS_QUERY = gql`
  query TagSuggestionsQuery($query: String!) {
    tagSuggestions(query: $query, limit: 8) {
      ...Topic_tag
    }
  }
  ${TOPIC_TAG}
`;

/** topics-onboarding: who is reading, and the popular topics to pick from. */
export const TOPICS_ONBOARDING_QUERY = gql`
  query TopicsOnboardingQuery {
    viewer {
      id
      name
    }
    popularTags(paging: { limit: 24 }) {
      items {
        ...Topic_tag
      }
    }
  }
  ${TOPIC_TAG}
`;

export const SUGGESTED_WRITERS_QUERY = gql`
  query SuggestedWritersInTagsQuery($tagSlugs: [String!]!) {
    suggestedWritersInTags(tagSlugs: $tagSlugs, limit: 6) {
      ...Topic_writer
    }
  }
  ${TOPIC_WRITER}
`;

/** legacy-topic-redirect: the tag a /topic/{topicSlug} address stands for. */
export const LEGACY_TOPIC_QUERY = gql`
  query LegacyTopicQuery($tagSlug: String!) {
    tagResult(tagSlug: $tagSlug) {
      __typename
      ... on Tag {
        id
        normalizedTagSlug
      }
    }
  }
`;
