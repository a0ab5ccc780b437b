/** An import's states (newsletter_imports.state) and its rows' verdicts (newsletter_import_rows.status). */
export type ImportState = 'VALIDATED' | 'IMPORTING' | 'DONE';
export type ImportProblem = 'INVALID' | 'DUPLICATE' | 'SUBSCRIBED' | 'UNSUBSCRIBED' | 'SUPPRESSED';
export const IMPORT_PROBLEMS: readonly ImportProblem[] = ['INVALID', 'DUPLICATE', 'SUBSCRIBED', 'UNSUBSCRIBED', 'SUPPRESSED'];
/** Examples of each problem the report shows. */
export const IMPORT_SAMPLES = 5;

/** The validation report, then the progress, of one import. */
export interface NewsletterImportRow {
  id: string;
  newsletterId: string;
  userId: string;
  state: ImportState;
  fileName: string;
  emailColumn: string;
  totalRows: number;
  invalidCount: number;
  duplicateCount: number;
  subscribedCount: number;
  unsubscribedCount: number;
  suppressedCount: number;
  toImportCount: number;
  importedCount: number;
  skippedCount: number;
  samples: Partial<Record<ImportProblem, string[]>>;
  attestation: string | null;
  createdAt: Date;
  confirmedAt: Date | null;
  finishedAt: Date | null;
}

export const IMPORT_COLUMNS = `id, newsletter_id as "newsletterId", user_id as "userId", state, file_name as "fileName", email_column as "emailColumn",
  total_rows as "totalRows", invalid_count as "invalidCount", duplicate_count as "duplicateCount", subscribed_count as "subscribedCount",
  unsubscribed_count as "unsubscribedCount", suppressed_count as "suppressedCount", to_import_count as "toImportCount",
  imported_count as "importedCount", skipped_count as "skippedCount", samples, attestation, created_at as "createdAt",
  confirmed_at as "confirmedAt", finished_at as "finishedAt"`;

/**
 * The writer's attestation, ticked before an import runs and recorded word for word as the
 * consent notice of every subscriber it adds (newsletter_consents, action IMPORT).
 */
export function importAttestation(ownerName: string): string {
  return `I confirm that everyone on this list agreed to receive email from ${ownerName}, and that I collected their addresses lawfully. They will get a welcome email with a link to unsubscribe at any time.`;
}

export const IMPORT_MESSAGES = {
  notWriter: 'Only the writer of this newsletter can import subscribers into it.',
  notEligible: 'Your account cannot import subscribers yet.',
  notFound: 'This import no longer exists. Upload the file again.',
  attest: 'Confirm that the people on this list agreed to receive your emails.',
  running: 'An import into this newsletter is still running. Wait until it is done, then upload the next file.',
  nothingToImport: 'No address in this file can be imported.',
} as const;
