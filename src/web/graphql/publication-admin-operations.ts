import { gql } from 'graphql-tag';
import { PUBLICATION_FRAME_FIELDS } from './publication-operations.js';

// The publication administration pages' documents (new-publication, publication-settings, user-publications).

/** /new-publication: who is creating it (signed out: the sign-in redirect). */
export const NEW_PUBLICATION_QUERY = gql`
  query NewPublicationQuery {
    viewer {
      id
    }
  }
`;

export const CREATE_PUBLICATION = gql`
  mutation CreatePublication($input: CreateCollectionInput!) {
    createCollection(input: $input) {
      __typename
      ... on CollectionSuccess {
        collection {
          id
          slug
        }
      }
      ... on BadRequest {
        message
      }
      ... on AlreadyExists {
        message
      }
      ... on Unauthorized {
        message
      }
    }
  }
`;

const MEMBER_FIELDS = gql`
  fragment PublicationAdminFields on Collection {
    about
    twitterUsername
    facebookPageId
    googleAnalyticsId
    submissionPolicy
    members {
      role
      user {
        id
        name
        username
      }
    }
    pendingInvitations {
      id
      role
      email
      expiresAt
      invitee {
        id
        name
        username
      }
    }
    auditLog(limit: 20) {
      id
      action
      createdAt
      actor {
        id
        name
      }
    }
    followers(limit: 25) {
      users {
        id
        name
        username
      }
      next
    }
  }
`;

/** /{slug}/settings[/{tab}]: the frame plus everything the tabs edit (editors only; others 404). */
export const PUBLICATION_SETTINGS_QUERY = gql`
  query PublicationSettingsQuery($domainOrSlug: String, $id: ID) {
    viewer {
      id
      username
    }
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      ...PublicationAdminFields
      newsletterV3 {
        id
        slug
      }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${MEMBER_FIELDS}
`;

/** The next page of followers on /settings/followers. */
export const PUBLICATION_FOLLOWERS_PAGE_QUERY = gql`
  query PublicationFollowersPageQuery($id: ID, $after: String) {
    collection(id: $id) {
      id
      followers(limit: 25, after: $after) {
        users {
          id
          name
          username
        }
        next
      }
    }
  }
`;

const COLLECTION_RESULT = `
  __typename
  ... on CollectionSuccess { collection { id slug ...PublicationFrameFields ...PublicationAdminFields } }
  ... on BadRequest { message }
  ... on Forbidden { message }
  ... on NotFound { message }
  ... on AlreadyExists { message }
  ... on Unauthorized { message }
`;
const INVITATION_RESULT = `
  __typename
  ... on InvitationSuccess { invitation { id role } }
  ... on BadRequest { message }
  ... on Forbidden { message }
  ... on NotFound { message }
  ... on Unauthorized { message }
`;

export const UPDATE_PUBLICATION_SETTINGS = gql`
  mutation UpdateCollectionSettings($collectionId: ID!, $input: CollectionSettingsInput!) {
    updateCollectionSettings(collectionId: $collectionId, input: $input) { ${COLLECTION_RESULT} }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${MEMBER_FIELDS}
`;
export const SET_NAVIGATION_ITEMS = gql`
  mutation SetCollectionNavigationItems($collectionId: ID!, $items: [NavigationItemInput!]!) {
    setCollectionNavigationItems(collectionId: $collectionId, items: $items) { ${COLLECTION_RESULT} }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${MEMBER_FIELDS}
`;
export const CHANGE_ROLE = gql`
  mutation ChangeCollectionRole($collectionId: ID!, $userId: ID!, $role: String!) {
    changeCollectionRole(collectionId: $collectionId, userId: $userId, role: $role) { ${COLLECTION_RESULT} }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${MEMBER_FIELDS}
`;
export const REMOVE_MEMBER = gql`
  mutation RemoveCollectionMember($collectionId: ID!, $userId: ID!) {
    removeCollectionMember(collectionId: $collectionId, userId: $userId) { ${COLLECTION_RESULT} }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${MEMBER_FIELDS}
`;
export const TRANSFER_OWNERSHIP = gql`
  mutation TransferCollectionOwnership($collectionId: ID!, $userId: ID!) {
    transferCollectionOwnership(collectionId: $collectionId, userId: $userId) { ${COLLECTION_RESULT} }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${MEMBER_FIELDS}
`;
export const LEAVE_PUBLICATION = gql`
  mutation LeaveCollection($collectionId: ID!) {
    leaveCollection(collectionId: $collectionId) { __typename ... on BadRequest { message } ... on Forbidden { message } ... on Unauthorized { message } ... on NotFound { message } }
  }
`;
export const INVITE = gql`
  mutation InviteToCollection($collectionId: ID!, $usernameOrEmail: String!, $role: String!) {
    inviteToCollection(collectionId: $collectionId, usernameOrEmail: $usernameOrEmail, role: $role) { ${INVITATION_RESULT} }
  }
`;
export const REVOKE_INVITATION = gql`
  mutation RevokeCollectionInvitation($invitationId: ID!) {
    revokeCollectionInvitation(invitationId: $invitationId) { ${INVITATION_RESULT} }
  }
`;
export const RESPOND_TO_INVITATION = gql`
  mutation RespondToCollectionInvitation($invitationId: ID!, $accept: Boolean!) {
    respondToCollectionInvitation(invitationId: $invitationId, accept: $accept) { ${INVITATION_RESULT} }
  }
`;

/** /@{username}/publications: the publications they work on (with role) and, for themselves, open invitations. */
export const USER_PUBLICATIONS_QUERY = gql`
  query UserPublicationsQuery($username: ID, $id: ID) {
    viewer {
      id
    }
    userResult(username: $username, id: $id) {
      __typename
      ... on User {
        id
        name
        username
        memberCollections {
          role
          collection {
            id
            slug
            name
            description
            avatar {
              id
            }
          }
        }
        collectionInvitations {
          id
          role
          expiresAt
          collection {
            id
            slug
            name
          }
        }
      }
    }
  }
`;
