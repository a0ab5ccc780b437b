import { gql } from 'graphql-tag';

/**
 * Subscribing to a writer's newsletter (spec §7): the Subscribe button's fragment, the
 * signed-in reader's one-click mutations, the email form's double opt-in, and the writer's
 * promotion page (/@{username}/subscribe, writer-subscription-promotion).
 */
export const SUBSCRIBE_BUTTON_NEWSLETTER = gql`
  fragment SubscribeButton_newsletter on NewsletterV3 {
    id
    name
    description
    subscriberCount
    viewerSubscriptionState
    viewerIsSubscribed
    consentNotice
  }
`;

export const SUBSCRIBE_BUTTON_USER = gql`
  fragment SubscribeButton_user on User {
    id
    name
    username
    newsletterConsentNotice
    newsletterV3 {
      ...SubscribeButton_newsletter
    }
  }
  ${SUBSCRIBE_BUTTON_NEWSLETTER}
`;

export const SUBSCRIBE_NEWSLETTER = gql`
  mutation SubscribeNewsletterV3($newsletterV3Id: ID!, $shouldRecordConsent: Boolean) {
    subscribeNewsletterV3(newsletterV3Id: $newsletterV3Id, shouldRecordConsent: $shouldRecordConsent) {
      ...SubscribeButton_newsletter
    }
  }
  ${SUBSCRIBE_BUTTON_NEWSLETTER}
`;

export const UNSUBSCRIBE_NEWSLETTER = gql`
  mutation UnsubscribeNewsletterV3($newsletterV3Id: ID!) {
    unsubscribeNewsletterV3(newsletterV3Id: $newsletterV3Id) {
      ...SubscribeButton_newsletter
    }
  }
  ${SUBSCRIBE_BUTTON_NEWSLETTER}
`;

export const LAZY_SUBSCRIBE_NEWSLETTER = gql`
  mutation FetchOrLazilyCreateNewsletterV3AndMaybeSubscribe($userId: ID!) {
    fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe(userId: $userId) {
      ...SubscribeButton_newsletter
    }
  }
  ${SUBSCRIBE_BUTTON_NEWSLETTER}
`;

export const SUBSCRIBE_BY_EMAIL = gql`
  mutation NewsletterV3PublicationSubscribeByEmail($newsletterV3Id: ID!, $email: String!, $redirect: String, $captchaValue: String) {
    newsletterV3PublicationSubscribeByEmail(newsletterV3Id: $newsletterV3Id, email: $email, redirect: $redirect, captchaValue: $captchaValue) {
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

export const WRITER_SUBSCRIPTION_PAGE_QUERY = gql`
  query WriterSubscriptionPromotionQuery($username: ID, $id: ID) {
    userResult(username: $username, id: $id) {
      __typename
      ... on User {
        id
        name
        username
        bio
        imageId
        ...SubscribeButton_user
      }
    }
  }
  ${SUBSCRIBE_BUTTON_USER}
`;
