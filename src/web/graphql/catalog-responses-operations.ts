import { gql } from 'graphql-tag';
import { HIDE_RESULT, PAGING, RESPONSE_FIELDS } from './responses-operations.js';

/**
 * A list's claps and discussion (spec §3 Catalog clappers and threaded responses, §7
 * RefetchThreadedCatalogResponsesQuery, ShowCatalogResponseOnParent). Limits are literal,
 * as for a story's responses (responses-operations.ts): the server prices them.
 */

/**
 * RefetchThreadedCatalogResponsesQuery: the list's claps and a page of 10 responses, each
 * with its first two replies. `catalogId` may be the list's id or its slugId.
 */
export const THREADED_CATALOG_RESPONSES_QUERY = gql`
  query RefetchThreadedCatalogResponsesQuery($catalogId: ID!, $to: String, $sortType: ResponseSortType) {
    catalogById(catalogId: $catalogId) {
      id
      clapCount
      viewerClapCount
      responsesLocked
      creator {
        id
      }
    }
    threadedCatalogResponses(catalogId: $catalogId, paging: { limit: 10, to: $to }, sortType: $sortType) {
      responsesCount
      posts {
        ...ResponseFields_post
        threadedReplies(paging: { limit: 2 }) {
          posts {
            ...ResponseFields_post
          }
          pagingInfo {
            ...ResponsesPaging_info
          }
        }
      }
      pagingInfo {
        ...ResponsesPaging_info
      }
    }
  }
  ${RESPONSE_FIELDS}
  ${PAGING}
`;

export const PUBLISH_CATALOG_RESPONSE_MUTATION = gql`
  mutation PublishCatalogResponse($catalogId: ID!, $paragraphs: [ParagraphInput!]!) {
    publishCatalogResponse(catalogId: $catalogId, paragraphs: $paragraphs) {
      __typename
      ... on Post {
        ...ResponseFields_post
      }
      ... on NotFound {
        message
      }
      ... on BadRequest {
        message
      }
    }
  }
  ${RESPONSE_FIELDS}
`;

export const HIDE_CATALOG_RESPONSE_MUTATION = gql`
  mutation HideCatalogResponseOnParent($parentCatalogId: ID!, $catalogResponseId: ID!) {
    hideCatalogResponse(parentCatalogId: $parentCatalogId, catalogResponseId: $catalogResponseId) {
      ...HidePostResponseResult_result
    }
  }
  ${HIDE_RESULT}
`;

/** Spec §7 ShowCatalogResponseOnParent. */
export const SHOW_CATALOG_RESPONSE_MUTATION = gql`
  mutation ShowCatalogResponseOnParent($parentCatalogId: ID!, $catalogResponseId: ID!) {
    showCatalogResponseOnParent(parentCatalogId: $parentCatalogId, catalogResponseId: $catalogResponseId) {
      ...HidePostResponseResult_result
    }
  }
  ${HIDE_RESULT}
`;

export const CLAP_CATALOG_MUTATION = gql`
  mutation ClapCatalogMutation($catalogId: ID!, $userId: ID!, $numClaps: Int!) {
    clapCatalog(catalogId: $catalogId, userId: $userId, numClaps: $numClaps) {
      __typename
      ... on CatalogClapSuccess {
        clapCount
        viewerClapCount
        addedClaps
        notice
        catalog {
          id
          clapCount
          viewerClapCount
        }
      }
      ... on NotFound {
        message
      }
      ... on BadRequest {
        message
      }
    }
  }
`;

/** The list's owner closes or reopens its discussion (Catalog.responsesLocked). */
export const SET_CATALOG_RESPONSES_LOCKED_MUTATION = gql`
  mutation SetCatalogResponsesLocked($catalogId: ID!, $responsesLocked: Boolean!) {
    updateCatalog(catalogId: $catalogId, responsesLocked: $responsesLocked) {
      __typename
      ... on CatalogEditSuccess {
        version
        catalog {
          id
          version
          responsesLocked
        }
      }
      ... on NotFound {
        message
      }
      ... on BadRequest {
        message
      }
      ... on Unauthorized {
        message
      }
    }
  }
`;
