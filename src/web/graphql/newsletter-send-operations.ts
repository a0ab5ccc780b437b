import { gql } from 'graphql-tag';

const SEND_FIELDS = gql`
  fragment NewsletterSendFields on NewsletterSend {
    id
    state
    reason
    recipients
    sent
    failed
    bounced
    complained
    unsubscribed
    suppressed
  }
`;

/** The publish dialog's and the story settings' newsletter part: the writer's choice, their subscribers, the send. */
export const POST_NEWSLETTER_EMAIL_QUERY = gql`
  query PostNewsletterEmailQuery($id: ID!) {
    postForEditing(id: $id) {
      __typename
      ... on EditablePost {
        id
        newsletterEmail {
          sendEmail
          subscriberCount
          send {
            ...NewsletterSendFields
          }
        }
      }
    }
  }
  ${SEND_FIELDS}
`;

export const SET_POST_NEWSLETTER_EMAIL = gql`
  mutation SetPostNewsletterEmail($postId: ID!, $sendEmail: Boolean!) {
    setPostNewsletterEmail(postId: $postId, sendEmail: $sendEmail) {
      sendEmail
      subscriberCount
    }
  }
`;

export const SEND_TEST_NEWSLETTER_EMAIL = gql`
  mutation SendTestNewsletterEmail($postId: ID!) {
    sendTestNewsletterEmail(postId: $postId) {
      message
    }
  }
`;
