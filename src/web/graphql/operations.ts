import { gql } from 'graphql-tag';

/** Fields of a story card (lists, staff picks, 'More from'). */
export const POST_PREVIEW = gql`
  fragment PostPreview_post on Post {
    id
    title
    uniqueSlug
    mediumUrl
    firstPublishedAt
    readingTime
    clapCount
    isLocked
    postResponses {
      count
    }
    previewImage {
      id
      alt
      originalWidth
      originalHeight
    }
    extendedPreviewContent {
      subtitle
    }
    creator {
      id
      name
      username
      imageId
    }
  }
`;

/** Spec §7 NotFoundScreenQuery: staffPicksFeed with paging limit 4. */
export const NOT_FOUND_SCREEN_QUERY = gql`
  query NotFoundScreenQuery {
    staffPicksFeed(paging: { limit: 4 }) {
      items {
        ...PostPreview_post
      }
    }
  }
  ${POST_PREVIEW}
`;

export const HOME_LO_QUERY = gql`
  query HomeLoQuery {
    staffPicksFeed(paging: { limit: 12 }) {
      items {
        ...PostPreview_post
      }
    }
  }
  ${POST_PREVIEW}
`;

export const POST_PAGE_QUERY = gql`
  query PostPageQuery($postId: ID!) {
    postResult(id: $postId) {
      __typename
      ... on NotFound {
        message
      }
      ... on Post {
        id
        title
        uniqueSlug
        mediumUrl
        firstPublishedAt
        latestPublishedAt
        readingTime
        clapCount
        isLocked
        allowResponses
        visibility
        postResponses {
          count
        }
        previewImage {
          id
          alt
          originalWidth
          originalHeight
        }
        extendedPreviewContent {
          subtitle
          isFullContent
        }
        tags {
          id
          displayTitle
          normalizedTagSlug
        }
        content {
          isLockedPreviewOnly
          bodyModel {
            paragraphs {
              name
              type
              text
              layout
              markups {
                type
                start
                end
                href
              }
              metadata {
                id
                alt
                originalWidth
                originalHeight
                focusPercentX
                focusPercentY
              }
              codeBlockMetadata {
                lang
              }
              iframe {
                src
                width
                height
                title
              }
              mixtapeMetadata {
                href
                title
                description
                thumbnailImageId
              }
            }
          }
        }
        creator {
          id
          name
          username
          bio
          imageId
          socialStats {
            followerCount
          }
          homepagePostsConnection(paging: { limit: 5 }) {
            items {
              ...PostPreview_post
            }
          }
        }
      }
    }
  }
  ${POST_PREVIEW}
`;

export const USER_PROFILE_QUERY = gql`
  query UserProfileQuery($username: ID!) {
    userResult(username: $username) {
      __typename
      ... on NotFound {
        message
      }
      ... on User {
        id
        name
        username
        bio
        imageId
        pronouns
        createdAt
        socialStats {
          followerCount
          followingCount
        }
        homepagePostsConnection(paging: { limit: 10 }) {
          items {
            ...PostPreview_post
          }
          pagingInfo {
            next {
              limit
              to
            }
          }
        }
      }
    }
  }
  ${POST_PREVIEW}
`;

/** Whether the user a page is about exists (pages under /@{username} not built yet). */
export const PAGE_USER_QUERY = gql`
  query PageUserQuery($username: ID!) {
    userResult(username: $username) {
      __typename
      ... on User {
        id
        username
        name
      }
    }
  }
`;

/** Spec §7 SendAcctAuthEmail: a magic link and a 6-digit code in one email. */
export const SEND_ACCT_AUTH_EMAIL = gql`
  mutation SendAcctAuthEmail($email: String!, $redirect: String, $fullName: String, $captchaValue: String, $operation: SusiOperation) {
    sendAcctAuthEmail(email: $email, redirect: $redirect, fullName: $fullName, captchaValue: $captchaValue, operation: $operation) {
      __typename
      ... on SusiMethod {
        value
      }
      ... on BadRequest {
        message
      }
      ... on FailedChallenge {
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`;

/** Spec §7 VerifyLoginCode. */
export const VERIFY_LOGIN_CODE = gql`
  mutation VerifyLoginCode($loginCode: String!) {
    verifyLoginCode(loginCode: $loginCode) {
      __typename
      ... on Token {
        value
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
      ... on TooManyRequests {
        message
      }
      ... on RateLimited {
        message
      }
    }
  }
`;
