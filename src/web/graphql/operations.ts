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
    collection {
      id
      name
      slug
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

/**
 * A paragraph of a story body with everything the renderer and the editor read (spec §3
 * paragraph model). The story page and the editor select the same fields through it.
 */
export const STORY_PARAGRAPH = gql`
  fragment StoryParagraph on Paragraph {
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
        canonicalUrl
        firstPublishedAt
        latestPublishedAt
        readingTime
        clapCount
        isLocked
        allowResponses
        visibility
        pinnedAt
        postResponses {
          count
        }
        inResponseToPost {
          id
          title
          mediumUrl
          creator {
            id
            name
          }
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
          version
          metering {
            viaFriendLink
            freeStoriesPerMonth
            freeStoriesLeft
            heldUntilOpened
          }
          bodyModel {
            paragraphs {
              ...StoryParagraph
            }
          }
        }
        friendLink
        collection {
          id
          slug
          name
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
          viewerEdge {
            id
            isFollowing
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
  ${STORY_PARAGRAPH}
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

/** The Settings page: the viewer's account as the Account tab shows it (null: signed out). */
export const SETTINGS_PAGE_QUERY = gql`
  query SettingsPageQuery {
    viewer {
      id
      name
      username
      bio
      pronouns
      imageId
      emailObfuscated
      unverifiedEmail
      hasPassword
      twoFactorEnabled
    }
  }
`;

/** Settings, Security and apps: where the viewer is signed in. */
export const VIEWER_SESSIONS_QUERY = gql`
  query ViewerSessionsQuery {
    viewerSessions {
      id
      device
      ip
      createdAt
      lastSeenAt
      isCurrent
    }
  }
`;

/** Settings, Security and apps: the viewer's connected sign-in accounts. */
export const CONNECTED_ACCOUNTS_QUERY = gql`
  query ConnectedAccountsQuery {
    viewer {
      id
      connectedAccounts {
        provider
        label
        email
        createdAt
      }
    }
  }
`;

export const DISCONNECT_ACCOUNT = gql`
  mutation DisconnectAccount($provider: ID!) {
    disconnectAccount(provider: $provider) {
      __typename
      ... on User {
        id
        connectedAccounts {
          provider
          label
          email
          createdAt
        }
      }
      ... on BadRequest {
        message
      }
    }
  }
`;

/** The profile photo: an uploaded image's id, or null to remove it. */
export const UPDATE_PROFILE_IMAGE = gql`
  mutation UpdateProfileImage($imageId: ID) {
    updateProfileImage(imageId: $imageId) {
      __typename
      ... on User {
        id
        imageId
      }
      ... on BadRequest {
        message
      }
    }
  }
`;

export const UPDATE_PROFILE = gql`
  mutation UpdateProfile($name: String!, $pronouns: [String!]!, $bio: String!) {
    updateProfile(name: $name, pronouns: $pronouns, bio: $bio) {
      __typename
      ... on User {
        id
        name
        pronouns
        bio
      }
      ... on BadRequest {
        message
      }
    }
  }
`;

export const UPDATE_USERNAME = gql`
  mutation UpdateUsername($username: String!) {
    updateUsername(username: $username) {
      __typename
      ... on User {
        id
        username
      }
      ... on UsernameError {
        code
        message
      }
    }
  }
`;

export const END_SESSION = gql`
  mutation EndSession($sessionId: ID!) {
    endSession(sessionId: $sessionId)
  }
`;

export const END_OTHER_SESSIONS = gql`
  mutation EndOtherSessions {
    endOtherSessions
  }
`;

/** Settings, Security and apps #tokens: the viewer's integration tokens (never their secrets). */
export const INTEGRATION_TOKENS_QUERY = gql`
  query IntegrationTokensQuery {
    viewer {
      id
      integrationTokens {
        id
        name
        createdAt
        lastUsedAt
      }
    }
  }
`;

/** The one answer that carries a token's secret. */
export const CREATE_INTEGRATION_TOKEN = gql`
  mutation CreateIntegrationToken($name: String!) {
    createIntegrationToken(name: $name) {
      __typename
      ... on IntegrationTokenCreated {
        secret
        token {
          id
          name
          createdAt
          lastUsedAt
        }
      }
      ... on BadRequest {
        message
      }
    }
  }
`;

export const REVOKE_INTEGRATION_TOKEN = gql`
  mutation RevokeIntegrationToken($id: ID!) {
    revokeIntegrationToken(id: $id)
  }
`;

/** Spec §4 captcha: the sign-up check to solve (proof of work) or show (reCAPTCHA). */
export const CAPTCHA_CHALLENGE_QUERY = gql`
  query CaptchaChallengeQuery {
    captchaChallenge {
      provider
      challenge
      difficulty
      siteKey
    }
  }
`;

export const CHANGE_EMAIL = gql`
  mutation ChangeEmail($email: String!) {
    changeEmail(email: $email) {
      __typename
      ... on User {
        id
        unverifiedEmail
      }
      ... on BadRequest {
        message
      }
    }
  }
`;

export const SEND_VERIFICATION_EMAIL = gql`
  mutation SendVerificationEmail {
    sendVerificationEmail
  }
`;

export const DEACTIVATE_ACCOUNT = gql`
  mutation DeactivateAccount {
    deactivateAccount
  }
`;

export const DELETE_ACCOUNT = gql`
  mutation DeleteAccount($confirmation: String!) {
    deleteAccount(confirmation: $confirmation) {
      __typename
      ... on BadRequest {
        message
      }
    }
  }
`;
