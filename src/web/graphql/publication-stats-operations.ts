import { gql } from 'graphql-tag';
import { PUBLICATION_FRAME_FIELDS } from './publication-operations.js';

/** /{collectionSlug}/stats: the frame and, for editors, the last 30 days (Collection.stats is null for anyone else). */
export const PUBLICATION_STATS_PAGE_QUERY = gql`
  query PublicationStatsPageQuery($domainOrSlug: String, $id: ID) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      stats(days: 30) {
        id
        from
        to
        totalViews
        totalReads
        totalNewFollowers
        views {
          day
          count
        }
        reads {
          day
          count
        }
        followers {
          day
          count
        }
        stories {
          postId
          title
          views
          reads
          claps
        }
      }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
`;
