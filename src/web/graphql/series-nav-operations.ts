import { gql } from 'graphql-tag';

// The story page's series bar (/s/{sequenceSlug}/{postId}); kept apart from the series pages'
// documents so the story page carries only this one, and asks for it only inside a series.

/** The series a story is read in: its title, writer and parts in order. */
export const SERIES_NAV_QUERY = gql`
  query SeriesNavQuery($sequenceSlug: String!) {
    sequence(sequenceSlug: $sequenceSlug) {
      id
      slug
      title
      posts {
        id
        title
      }
    }
  }
`;
