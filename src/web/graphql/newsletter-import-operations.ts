import { gql } from 'graphql-tag';

export const NEWSLETTER_IMPORT_FIELDS = gql`
  fragment NewsletterImportFields on NewsletterImport {
    id
    newsletterId
    state
    fileName
    emailColumn
    totalRows
    invalidCount
    duplicateCount
    subscribedCount
    unsubscribedCount
    suppressedCount
    toImportCount
    importedCount
    skippedCount
    samples {
      invalid
      duplicate
      subscribed
      unsubscribed
      suppressed
    }
  }
`;

/** /me/subscribers/import: the writer, their newsletter, whether they may import, and their latest import. */
export const IMPORT_MAILING_LIST_PAGE_QUERY = gql`
  query ImportMailingListPageQuery {
    viewer {
      id
      name
      username
      newsletterV3 {
        id
        name
        subscriberCount
      }
    }
    newsletterImportPage {
      isEligibleToImportEmails
      eligibilityMessage
      attestation
      latestImport {
        ...NewsletterImportFields
      }
    }
  }
  ${NEWSLETTER_IMPORT_FIELDS}
`;

/** The progress of an import, polled while it runs. */
export const NEWSLETTER_IMPORT_QUERY = gql`
  query NewsletterImportQuery($id: ID!) {
    newsletterImport(id: $id) {
      ...NewsletterImportFields
    }
  }
  ${NEWSLETTER_IMPORT_FIELDS}
`;

export const CONFIRM_NEWSLETTER_IMPORT = gql`
  mutation ConfirmNewsletterImport($importId: ID!, $attested: Boolean!) {
    confirmNewsletterImport(importId: $importId, attested: $attested) {
      ...NewsletterImportFields
    }
  }
  ${NEWSLETTER_IMPORT_FIELDS}
`;

/** The writer's newsletter, made on first use (the upload needs its id). */
export const ENSURE_WRITER_NEWSLETTER = gql`
  mutation EnsureWriterNewsletter($userId: ID!) {
    fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe(userId: $userId) {
      id
    }
  }
`;
