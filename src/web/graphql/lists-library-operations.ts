import { gql } from 'graphql-tag';

/** What a list preview card shows (components/catalog/CatalogPreviewCard.tsx). */
export const CATALOG_PREVIEW = gql`
  fragment CatalogPreview_catalog on Catalog {
    id
    name
    description
    slugId
    visibility
    predefined
    itemsCount
    followersCount
    viewerIsFollowing
    coverImageIds
    creator {
      id
      name
      username
      imageId
    }
  }
`;

/** your-catalogs (/me/lists): the viewer's lists, predefined first. */
export const YOUR_LISTS_QUERY = gql`
  query YourListsQuery {
    viewer {
      id
    }
    viewerCatalogs(limit: 100) {
      ...CatalogPreview_catalog
    }
  }
  ${CATALOG_PREVIEW}
`;

/** your-followed-catalogs (/me/lists/saved): the lists the viewer follows. */
export const YOUR_FOLLOWED_LISTS_QUERY = gql`
  query YourFollowedListsQuery {
    viewer {
      id
    }
    viewerFollowedCatalogs(limit: 100) {
      ...CatalogPreview_catalog
    }
  }
  ${CATALOG_PREVIEW}
`;

/** user-catalogs (/@{username}/lists): a writer's public lists (all of them to the writer). */
export const USER_LISTS_QUERY = gql`
  query UserListsQuery($username: ID, $id: ID) {
    userResult(username: $username, id: $id) {
      __typename
      ... on User {
        id
        catalogs(limit: 100) {
          ...CatalogPreview_catalog
        }
      }
    }
  }
  ${CATALOG_PREVIEW}
`;

/** collections-library (/collections): the site's featured lists. */
export const FEATURED_LISTS_QUERY = gql`
  query FeaturedListsQuery {
    featuredCatalogs(limit: 20) {
      ...CatalogPreview_catalog
    }
  }
  ${CATALOG_PREVIEW}
`;

/** /collections/{catalogSlug}: the list it names, to send the reader to its page. */
export const COLLECTION_LIST_QUERY = gql`
  query CollectionListQuery($catalogId: ID!) {
    catalogById(catalogId: $catalogId) {
      id
      slugId
      creator {
        id
        username
      }
    }
  }
`;

const FOLLOW_RESULT = `
  __typename
  ... on CatalogEditSuccess {
    catalog { id followersCount viewerIsFollowing }
  }
  ... on NotFound { message }
  ... on BadRequest { message }
  ... on Unauthorized { message }
`;

/** Follow or unfollow a list (the 'follow catalog' toast). */
export const FOLLOW_CATALOG = gql`
  mutation FollowCatalog($catalogId: ID!) {
    followCatalog(catalogId: $catalogId) {
      ${FOLLOW_RESULT}
    }
  }
`;

export const UNFOLLOW_CATALOG = gql`
  mutation UnfollowCatalog($catalogId: ID!) {
    unfollowCatalog(catalogId: $catalogId) {
      ${FOLLOW_RESULT}
    }
  }
`;
