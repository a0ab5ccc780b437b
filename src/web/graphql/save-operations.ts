import { gql } from 'graphql-tag';

/** Which of a page's stories are in the viewer's lists: one query for all its Save controls. */
export const VIEWER_SAVED_POSTS_QUERY = gql`
  query ViewerSavedPostsQuery($postIds: [ID!]!) {
    viewerSavedPosts(postIds: $postIds) {
      postId
      catalogId
      catalogItemId
    }
  }
`;

/** Spec §7 AddToCatalogBaseQuery: the Save menu's lists, and which of them hold the story (with their items). */
export const ADD_TO_CATALOG_BASE_QUERY = gql`
  query AddToCatalogBaseQuery($postId: ID!) {
    viewerCatalogs(limit: 100) {
      id
      name
      predefined
      visibility
      version
    }
    viewerSavedPosts(postIds: [$postId]) {
      postId
      catalogId
      catalogItemId
    }
  }
`;

const EDIT_RESULT = `
  __typename
  ... on CatalogEditSuccess {
    version
    catalog { id name predefined visibility version }
    operations { catalogItemId }
  }
  ... on CatalogConflict { message version items { catalogItemId post { id } } }
  ... on NotFound { message }
  ... on BadRequest { message }
  ... on Unauthorized { message }
`;

/** Spec §7 AddToPredefinedCatalog: the one-click Save to (and removal from) the Reading list. */
export const ADD_TO_PREDEFINED_CATALOG = gql`
  mutation AddToPredefinedCatalog($type: PredefinedCatalogType!, $operation: CatalogItemOperation!) {
    addToPredefinedCatalog(type: $type, operation: $operation) {
      __typename
      ... on AddToPredefinedCatalogSuccess {
        version
        insertedItem { catalogItemId }
        catalog { id version }
      }
      ... on NotFound { message }
      ... on BadRequest { message }
      ... on Unauthorized { message }
    }
  }
`;

/** Spec §7 EditCatalogItems: names the version it read; a stale one answers CatalogConflict. */
export const EDIT_CATALOG_ITEMS = gql`
  mutation EditCatalogItems($catalogId: ID!, $version: String!, $operations: [CatalogItemOperation!]!) {
    editCatalogItems(catalogId: $catalogId, version: $version, operations: $operations) {
      ${EDIT_RESULT}
    }
  }
`;

export const CREATE_CATALOG = gql`
  mutation CreateCatalog($name: String!, $description: String, $visibility: CatalogVisibility!, $postId: ID) {
    createCatalog(name: $name, description: $description, visibility: $visibility, postId: $postId) {
      ${EDIT_RESULT}
    }
  }
`;
