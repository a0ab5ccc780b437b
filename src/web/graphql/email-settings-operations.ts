import { gql } from 'graphql-tag';

// The reader's email settings (/me/email-settings/{userId}/{hash}, /me/unsubscribe-all-…) and the
// footer unsubscribe page. userId and hash are the signed pair from an email; absent, the viewer's.

const SETTINGS_FIELDS = gql`
  fragment ReaderEmailSettings_settings on ReaderEmailSettings {
    userId
    name
    allowEmailAddressSharingEditorWriter
    emailSettingsPath
    subscriptions {
      id
      type
      name
      user {
        id
        name
      }
      collection {
        id
        name
      }
    }
  }
`;

export const READER_EMAIL_SETTINGS_QUERY = gql`
  query ReaderEmailSettings($userId: ID, $hash: String) {
    readerEmailSettings(userId: $userId, hash: $hash) {
      ...ReaderEmailSettings_settings
    }
  }
  ${SETTINGS_FIELDS}
`;

export const NEWSLETTER_UNSUBSCRIBE_LINK_QUERY = gql`
  query NewsletterUnsubscribeLink($token: String!) {
    newsletterUnsubscribeLink(token: $token) {
      state
      expired
      emailSettingsPath
      newsletter {
        id
        name
        user {
          id
          name
        }
        collection {
          id
          name
        }
      }
    }
  }
`;

export const UNSUBSCRIBE_FROM_EMAIL_SETTINGS = gql`
  mutation UnsubscribeNewsletterV3FromEmailSettings($newsletterV3Id: ID!, $userId: ID, $hash: String) {
    unsubscribeNewsletterV3FromEmailSettings(newsletterV3Id: $newsletterV3Id, userId: $userId, hash: $hash) {
      ...ReaderEmailSettings_settings
    }
  }
  ${SETTINGS_FIELDS}
`;

export const UNSUBSCRIBE_ALL_NEWSLETTERS = gql`
  mutation UnsubscribeAllNewsletters($onlyAuthors: Boolean!, $userId: ID, $hash: String) {
    unsubscribeAllNewsletters(onlyAuthors: $onlyAuthors, userId: $userId, hash: $hash)
  }
`;

export const SET_ALLOW_EMAIL_SHARING = gql`
  mutation SetAllowEmailAddressSharingEditorWriter($allow: Boolean!, $userId: ID, $hash: String) {
    setAllowEmailAddressSharingEditorWriter(allow: $allow, userId: $userId, hash: $hash) {
      ...ReaderEmailSettings_settings
    }
  }
  ${SETTINGS_FIELDS}
`;
