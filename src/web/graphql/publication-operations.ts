import { gql } from 'graphql-tag';

/**
 * What every publication page shows of its publication: the masthead (name, logo, header
 * design, navigation), Follow, and whether the viewer edits it. Pages spread this fragment
 * into their own query, so the frame costs no query of its own.
 */
export const PUBLICATION_FRAME_FIELDS = gql`
  fragment PublicationFrameFields on Collection {
    id
    slug
    name
    description
    tags
    url
    subscriberCount
    avatar {
      id
    }
    logo {
      id
    }
    favicon {
      id
    }
    homepage {
      header {
        size
        color
        backgroundImage {
          id
        }
      }
    }
    navigationItems {
      title
      value
      destination
    }
    viewerEdge {
      id
      isEditor
      isFollowing
      isMuting
      role
    }
  }
`;

/** PublicationNavigationContextQuery: the frame alone, for pages that need nothing else of the publication. */
export const PUBLICATION_NAVIGATION_CONTEXT_QUERY = gql`
  query PublicationNavigationContextQuery($domainOrSlug: String, $id: ID) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
`;
