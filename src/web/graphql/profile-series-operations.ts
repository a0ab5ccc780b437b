import { gql } from 'graphql-tag';

/** /@{username}/series (profile tab SERIES): the writer's published series. */
export const PROFILE_SERIES_QUERY = gql`
  query UserProfileSeriesQuery($username: ID, $id: ID) {
    userResult(username: $username, id: $id) {
      __typename
      ... on User {
        id
        sequences {
          id
          slug
          title
          description
          isPublished
          itemsCount
        }
      }
    }
  }
`;
