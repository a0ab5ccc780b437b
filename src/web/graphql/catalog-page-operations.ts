import { gql } from 'graphql-tag';
import { POST_PREVIEW } from './operations.js';

/** A list item as the list pages show it: the story's card, its note, or its tombstone. */
export const CATALOG_ITEM = gql`
  fragment CatalogPage_item on CatalogItem {
    catalogItemId
    note
    addedAt
    tombstoneTitle
    post {
      ...PostPreview_post
    }
  }
  ${POST_PREVIEW}
`;

/** What the header of a list page shows (name, creator, count, visibility, cover, follows). */
export const CATALOG_HEADER = gql`
  fragment CatalogPage_catalog on Catalog {
    id
    name
    description
    slugId
    visibility
    predefined
    version
    itemsCount
    followersCount
    viewerIsFollowing
    viewerIsOwner
    coverImageIds
    createdAt
    creator {
      id
      name
      username
      imageId
      bio
    }
  }
`;

/**
 * /me/list/{catalogSlugId} and /@{username}/list/{catalogSlugId}: the list (by slugId; a
 * predefined kind names the viewer's own) and its first page of items. `viewer` tells the
 * owner's page a signed-out reader (sign in) from a list they may not see (404). The public
 * page's 'Show more' asks it again with `next`.
 */
export const CATALOG_PAGE_QUERY = gql`
  query CatalogPageQuery($catalogId: ID!, $limit: Int, $next: String) {
    viewer {
      id
    }
    catalogById(catalogId: $catalogId) {
      ...CatalogPage_catalog
      items(limit: $limit, next: $next) {
        items {
          ...CatalogPage_item
        }
        next
      }
    }
  }
  ${CATALOG_HEADER}
  ${CATALOG_ITEM}
`;

/** The next page of a list's items ('Show more'), or the loaded pages read again after a conflict. */
export const CATALOG_ITEMS_QUERY = gql`
  query CatalogItemsQuery($catalogId: ID!, $limit: Int, $next: String) {
    catalogById(catalogId: $catalogId) {
      id
      version
      itemsCount
      items(limit: $limit, next: $next) {
        items {
          ...CatalogPage_item
        }
        next
      }
    }
  }
  ${CATALOG_ITEM}
`;

export interface EmbedCatalogData {
  catalogById: {
    id: string;
    name: string;
    slugId: string;
    visibility: 'PUBLIC' | 'PRIVATE';
    itemsCount: number;
    creator: { id: string; name: string; username: string | null };
    items: { items: { catalogItemId: string; post: { id: string; title: string; mediumUrl: string } | null }[] };
  } | null;
}

/** /embed/list/{catalogSlugId}: a public list's name, creator, count and first five stories. */
export const EMBED_CATALOG_QUERY = gql`
  query EmbedCatalogQuery($catalogId: ID!) {
    catalogById(catalogId: $catalogId) {
      id
      name
      slugId
      visibility
      itemsCount
      creator {
        id
        name
        username
      }
      items(limit: 5) {
        items {
          catalogItemId
          post {
            id
            title
            mediumUrl
          }
        }
      }
    }
  }
`;

const EDIT_RESULT = gql`
  fragment CatalogPage_editResult on CatalogEditResult {
    __typename
    ... on CatalogEditSuccess {
      version
      catalog {
        id
        version
        itemsCount
        followersCount
        viewerIsFollowing
        name
        description
        slugId
        visibility
      }
      operations {
        ...CatalogPage_item
      }
    }
    ... on CatalogConflict {
      message
      version
      items {
        ...CatalogPage_item
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
  ${CATALOG_ITEM}
`;

/** Spec §7 EditCatalogItems (catalogId, version, operations). */
export const EDIT_CATALOG_ITEMS = gql`
  mutation EditCatalogItems($catalogId: ID!, $version: String!, $operations: [CatalogItemOperation!]!) {
    editCatalogItems(catalogId: $catalogId, version: $version, operations: $operations) {
      ...CatalogPage_editResult
    }
  }
  ${EDIT_RESULT}
`;

export const UPDATE_CATALOG = gql`
  mutation UpdateCatalog($catalogId: ID!, $name: String, $description: String, $visibility: CatalogVisibility) {
    updateCatalog(catalogId: $catalogId, name: $name, description: $description, visibility: $visibility) {
      ...CatalogPage_editResult
    }
  }
  ${EDIT_RESULT}
`;

export const DELETE_CATALOG = gql`
  mutation DeleteCatalog($catalogId: ID!) {
    deleteCatalog(catalogId: $catalogId) {
      ...CatalogPage_editResult
    }
  }
  ${EDIT_RESULT}
`;

export const FOLLOW_CATALOG = gql`
  mutation FollowCatalog($catalogId: ID!) {
    followCatalog(catalogId: $catalogId) {
      ...CatalogPage_editResult
    }
  }
  ${EDIT_RESULT}
`;

export const UNFOLLOW_CATALOG = gql`
  mutation UnfollowCatalog($catalogId: ID!) {
    unfollowCatalog(catalogId: $catalogId) {
      ...CatalogPage_editResult
    }
  }
  ${EDIT_RESULT}
`;
