import { gql } from '@apollo/client';

const LIVE_FIELDS = `
  live {
    id
    domain
    status
    isSubdomain
    lastCheckedAt
    lastError
    records {
      type
      name
      value
    }
  }`;

/** /me/settings/custom-domain: the viewer's own domain. */
export const SETTINGS_CUSTOM_DOMAIN_QUERY = gql`
  query SettingsCustomDomainQuery {
    viewer {
      id
      username
      customDomainState {${LIVE_FIELDS}
      }
    }
  }
`;

/** /{slug}/settings/custom-domain: the publication's domain, for its owner and editors. */
export const PUBLICATION_CUSTOM_DOMAIN_QUERY = gql`
  query PublicationCustomDomainQuery($domainOrSlug: String, $id: ID) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      id
      slug
      name
      viewerEdge {
        id
        isEditor
        role
      }
      customDomainState {${LIVE_FIELDS}
      }
    }
  }
`;

const RESULT = `
  __typename
  ... on CustomDomainSuccess {
    customDomainState {${LIVE_FIELDS}
    }
  }
  ... on NotFound { message }
  ... on BadRequest { message }
  ... on Unauthorized { message }
  ... on Forbidden { message }
  ... on AlreadyExists { message }`;

export const LINK_CUSTOM_DOMAIN = gql`
  mutation LinkCustomDomain($collectionId: ID, $domain: String!) {
    linkCustomDomain(collectionId: $collectionId, domain: $domain) {${RESULT}
    }
  }
`;
export const VERIFY_CUSTOM_DOMAIN = gql`
  mutation VerifyCustomDomain($collectionId: ID) {
    verifyCustomDomain(collectionId: $collectionId) {${RESULT}
    }
  }
`;
export const ACTIVATE_CUSTOM_DOMAIN = gql`
  mutation ActivateCustomDomain($collectionId: ID) {
    activateCustomDomain(collectionId: $collectionId) {${RESULT}
    }
  }
`;
export const REMOVE_CUSTOM_DOMAIN = gql`
  mutation RemoveCustomDomain($collectionId: ID) {
    removeCustomDomain(collectionId: $collectionId) {${RESULT}
    }
  }
`;

export interface CustomDomainLiveData {
  id: string;
  domain: string;
  status: string;
  isSubdomain: boolean;
  lastCheckedAt: number | null;
  lastError: string | null;
  records: { type: string; name: string; value: string }[];
}
