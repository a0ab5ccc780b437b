import { gql } from 'graphql-tag';

/** The Terms of Service or the Privacy Policy, as Markdown (modules/site-documents). */
export const SITE_DOCUMENT_QUERY = gql`
  query SiteDocumentQuery($name: SiteDocumentName!) {
    siteDocument(name: $name) {
      name
      markdown
    }
  }
`;
