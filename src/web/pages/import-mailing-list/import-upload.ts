/** The upload of a mailing list (spec §7 …/import/process-unvalidated-files), answered with its validation report. */
import type { ImportReport } from './import-report.js';

export const importUploadPath = (newsletterId: string) => `/_/api/newsletters/${newsletterId}/import/process-unvalidated-files`;

export async function uploadMailingList(newsletterId: string, file: File, xsrf: string): Promise<ImportReport> {
  const body = new FormData();
  body.append('file', file);
  let res: Response;
  try {
    res = await fetch(importUploadPath(newsletterId), { method: 'POST', body, headers: { 'x-xsrf-token': xsrf }, credentials: 'same-origin' });
  } catch {
    throw new Error('The file could not be uploaded: you appear to be offline.');
  }
  const json = (await res.json().catch(() => null)) as { import?: Omit<ImportReport, 'samples'> & { samples: Record<string, string[]> }; message?: string } | null;
  if (!res.ok || !json?.import) throw new Error(json?.message || `The file could not be checked (${res.status}).`);
  const s = json.import.samples;
  // The HTTP answer names problems as the server's statuses; the page reads them as GraphQL does.
  return {
    ...json.import,
    samples: { invalid: s.INVALID ?? [], duplicate: s.DUPLICATE ?? [], subscribed: s.SUBSCRIBED ?? [], unsubscribed: s.UNSUBSCRIBED ?? [], suppressed: s.SUPPRESSED ?? [] },
  };
}
