import { gql } from 'graphql-tag';
import { PUBLICATION_FRAME_FIELDS } from './publication-operations.js';

/**
 * Spec §7 PublicationSearchQuery (domainOrSlug): the publication a search is scoped to. Its
 * search page shows the masthead (the frame), and the header's box on every publication page
 * reads the id from it (the page's own query put the frame in the cache already).
 */
export const PUBLICATION_SEARCH_QUERY = gql`
  query PublicationSearchQuery($domainOrSlug: String, $id: ID) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
`;
