import { gql } from 'graphql-tag';
import { POST_PREVIEW } from './operations.js';
import { PUBLICATION_FRAME_FIELDS } from './publication-operations.js';

/** A design's header and sections as the homepage and the editor's preview show them. */
export const PUBLICATION_SECTIONS_FIELDS = gql`
  fragment PublicationSectionsFields on CollectionHomepage {
    header {
      size
      color
      backgroundImage {
        id
      }
    }
    sections {
      __typename
      ... on PostsSection {
        id
        title
        layout
        source
        tags
        limit
        hasOverflow
        posts {
          ...PostPreview_post
        }
      }
      ... on PromotionSection {
        id
        backgroundColor
        headlineText
        buttonText
        imageId
        url
      }
    }
  }
  ${POST_PREVIEW}
`;

/** PublicationHomepageQuery: /{slug} — the frame, the published sections and the About sidebar. */
export const PUBLICATION_HOMEPAGE_QUERY = gql`
  query PublicationHomepageQuery($domainOrSlug: String, $id: ID) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      twitterUsername
      facebookPageId
      homepage {
        ...PublicationSectionsFields
      }
      editors {
        id
        name
        username
        imageId
      }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${PUBLICATION_SECTIONS_FIELDS}
`;

/** /{slug}/home/{sectionId}: one published posts section, a page of its stories at a time. */
export const PUBLICATION_SECTION_QUERY = gql`
  query PublicationSectionQuery($domainOrSlug: String, $id: ID, $sectionId: ID!, $after: String) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      homepageSection(id: $sectionId) {
        id
        title
        source
        tags
      }
      homepageSectionPosts(id: $sectionId, after: $after) {
        posts {
          ...PostPreview_post
        }
        next
      }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${POST_PREVIEW}
`;

/** /{slug}/design: the draft (or the published design when nothing is drafted) and the logo. */
export const PUBLICATION_DESIGN_QUERY = gql`
  query PublicationDesignQuery($domainOrSlug: String, $id: ID) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      homepage {
        ...PublicationSectionsFields
      }
      homepageDraft {
        logo {
          id
        }
        ...PublicationSectionsFields
      }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${PUBLICATION_SECTIONS_FIELDS}
`;

const DESIGN_RESULT = gql`
  fragment DesignResultFields on CollectionResult {
    __typename
    ... on CollectionSuccess {
      collection {
        id
      }
    }
    ... on BadRequest {
      message
    }
    ... on Forbidden {
      message
    }
    ... on NotFound {
      message
    }
    ... on Unauthorized {
      message
    }
  }
`;

export const SAVE_HOMEPAGE_DRAFT = gql`
  mutation SaveHomepageDraft($collectionId: ID!, $design: HomepageDesignInput!) {
    saveHomepageDraft(collectionId: $collectionId, design: $design) {
      ...DesignResultFields
    }
  }
  ${DESIGN_RESULT}
`;

export const PUBLISH_HOMEPAGE = gql`
  mutation PublishHomepage($collectionId: ID!) {
    publishHomepage(collectionId: $collectionId) {
      ...DesignResultFields
    }
  }
  ${DESIGN_RESULT}
`;

/** A featured story as the featured page lists it (its query and every featuring mutation's answer). */
const FEATURED_POST_FIELDS = gql`
  fragment FeaturedPostFields on PublicationFeaturedPost {
    id
    position
    post {
      id
      title
    }
  }
`;

/** /{slug}/manage/stories/featured: the featured order and the stories that may be featured. */
export const PUBLICATION_FEATURED_QUERY = gql`
  query PublicationFeaturedQuery($domainOrSlug: String, $id: ID) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      featuredPosts {
        ...FeaturedPostFields
      }
      storiesToFeature {
        posts {
          id
          title
          firstPublishedAt
        }
        next
      }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${FEATURED_POST_FIELDS}
`;

const FEATURED_RESULT = gql`
  fragment FeaturedResultFields on FeaturedPostsResult {
    __typename
    ... on FeaturedPostsSuccess {
      featuredPosts {
        ...FeaturedPostFields
      }
    }
    ... on BadRequest {
      message
    }
    ... on Forbidden {
      message
    }
    ... on NotFound {
      message
    }
    ... on Unauthorized {
      message
    }
  }
  ${FEATURED_POST_FIELDS}
`;

export const FEATURE_POST = gql`
  mutation FeaturePost($collectionId: ID!, $postId: ID!) {
    featurePost(collectionId: $collectionId, postId: $postId) {
      ...FeaturedResultFields
    }
  }
  ${FEATURED_RESULT}
`;

export const UNFEATURE_POST = gql`
  mutation UnfeaturePost($collectionId: ID!, $postId: ID!) {
    unfeaturePost(collectionId: $collectionId, postId: $postId) {
      ...FeaturedResultFields
    }
  }
  ${FEATURED_RESULT}
`;

export const REORDER_FEATURED = gql`
  mutation ReorderFeatured($collectionId: ID!, $postIds: [ID!]!) {
    reorderFeatured(collectionId: $collectionId, postIds: $postIds) {
      ...FeaturedResultFields
    }
  }
  ${FEATURED_RESULT}
`;
