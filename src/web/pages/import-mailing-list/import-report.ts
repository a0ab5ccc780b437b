/** An import as the page reads it (NewsletterImportFields). */
export interface ImportReport {
  id: string;
  newsletterId: string;
  state: 'VALIDATED' | 'IMPORTING' | 'DONE';
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
  samples: Record<'invalid' | 'duplicate' | 'subscribed' | 'unsubscribed' | 'suppressed', string[]>;
}

/** The report's problem lines, in the order the page lists them. */
export const PROBLEMS = [
  { key: 'invalid', count: 'invalidCount', label: 'Not valid email addresses' },
  { key: 'duplicate', count: 'duplicateCount', label: 'Repeated in the file' },
  { key: 'subscribed', count: 'subscribedCount', label: 'Already subscribed' },
  { key: 'unsubscribed', count: 'unsubscribedCount', label: 'Unsubscribed from your newsletter (never added again)' },
  { key: 'suppressed', count: 'suppressedCount', label: 'Bounced or marked your email as spam' },
] as const;

export const formatCount = (n: number) => n.toLocaleString('en-US');
