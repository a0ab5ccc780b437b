import { useEffect, useId, useState, type FormEvent } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { useSite } from '../../app-context.js';
import { Button } from '../../components/button/index.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { callMutation, callQuery } from '../../editor/server-calls.js';
import {
  CONFIRM_NEWSLETTER_IMPORT,
  ENSURE_WRITER_NEWSLETTER,
  IMPORT_MAILING_LIST_PAGE_QUERY,
  NEWSLETTER_IMPORT_QUERY,
} from '../../graphql/newsletter-import-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import { formatCount, PROBLEMS, type ImportReport } from './import-report.js';
import { uploadMailingList } from './import-upload.js';
import styles from './import-mailing-list.module.css';

interface PageData {
  viewer: { id: string; name: string; username: string | null; newsletterV3: { id: string; name: string; subscriberCount: number } | null } | null;
  newsletterImportPage: { isEligibleToImportEmails: boolean; eligibilityMessage: string; attestation: string; latestImport: ImportReport | null } | null;
}

/** How often the page asks for the progress of a running import. */
const POLL_MS = 1500;

/**
 * /me/subscribers/import (spec §2.1 import-mailing-list): the writer uploads a CSV, reads the
 * report (what will be imported, and a few examples of each problem), attests that the people
 * agreed to receive their email, imports, and follows the progress to the result.
 */
export default function ImportMailingListPage(_props: PageProps) {
  const data = usePageQuery<PageData>(IMPORT_MAILING_LIST_PAGE_QUERY);
  const page = data?.newsletterImportPage;
  const viewer = data?.viewer;
  const [current, setCurrent] = useState<ImportReport | null>(page?.latestImport ?? null);
  if (!page || !viewer) return null;
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>Import subscribers</h1>
      <p className={styles.lead}>
        Bring the mailing list you built elsewhere to your newsletter{viewer.newsletterV3 ? `, ${viewer.newsletterV3.name}` : ''}. Everyone imported gets a welcome email
        with a link to unsubscribe, then your new stories by email.
      </p>
      {!page.isEligibleToImportEmails ? (
        <section className={styles.card} aria-labelledby="import-not-eligible">
          <h2 id="import-not-eligible" className={styles.subheading}>
            Not available yet
          </h2>
          <p>{page.eligibilityMessage}</p>
          <Link className={styles.link} href="/new-story">
            Write a story
          </Link>
        </section>
      ) : !current ? (
        <UploadForm viewerId={viewer.id} newsletterId={viewer.newsletterV3?.id ?? null} onReport={setCurrent} />
      ) : current.state === 'VALIDATED' ? (
        <Report report={current} attestation={page.attestation} onChange={setCurrent} onAnother={() => setCurrent(null)} />
      ) : (
        <Progress report={current} onChange={setCurrent} onAnother={() => setCurrent(null)} />
      )}
    </main>
  );
}

function UploadForm({ viewerId, newsletterId, onReport }: { viewerId: string; newsletterId: string | null; onReport: (r: ImportReport) => void }) {
  const loadData = useBrowserData();
  const { viewer } = useSite();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileId = useId();
  const hintId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !viewer) return;
    if (!file) return setError('Choose a CSV file first.');
    setBusy(true);
    setError(null);
    try {
      let id = newsletterId;
      if (!id) {
        const made = await callMutation<{ __typename: string; id: string }>(loadData, ENSURE_WRITER_NEWSLETTER, { userId: viewerId }, 'fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe');
        if (!made.ok) throw new Error(made.message);
        id = made.value.id;
      }
      onReport(await uploadMailingList(id, file, viewer.xsrf));
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <form className={styles.card} onSubmit={(e) => void submit(e)}>
      <h2 className={styles.subheading}>1. Upload your list</h2>
      <label className={styles.label} htmlFor={fileId}>
        CSV file
      </label>
      <input
        id={fileId}
        className={styles.file}
        type="file"
        accept=".csv,text/csv,text/plain"
        aria-describedby={hintId}
        onChange={(e) => {
          setFile(e.target.files?.[0] ?? null);
          setError(null);
        }}
      />
      <p id={hintId} className={styles.hint}>
        One address per row, in a column headed “email” (or the first column of addresses). Up to 100,000 rows, 10 MB, UTF-8. Nothing is imported until you
        have checked the report and confirmed.
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <LoadingButton type="submit" variant="accent" loading={busy} loadingLabel="Checking the file">
        Check the file
      </LoadingButton>
    </form>
  );
}

function Report({ report, attestation, onChange, onAnother }: { report: ImportReport; attestation: string; onChange: (r: ImportReport) => void; onAnother: () => void }) {
  const loadData = useBrowserData();
  const [attested, setAttested] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attestId = useId();
  const problems = PROBLEMS.filter((p) => report[p.count] > 0);

  const confirm = async () => {
    if (busy) return;
    if (!attested) return setError('Confirm that the people on this list agreed to receive your emails.');
    setBusy(true);
    setError(null);
    const r = await callMutation<ImportReport & { __typename: string } & Record<string, unknown>>(loadData, CONFIRM_NEWSLETTER_IMPORT, { importId: report.id, attested }, 'confirmNewsletterImport');
    setBusy(false);
    if (!r.ok) return setError(r.message);
    onChange(r.value);
  };

  return (
    <section className={styles.card} aria-labelledby="import-report">
      <h2 id="import-report" className={styles.subheading}>
        2. Check the report
      </h2>
      <p className={styles.meta}>
        {report.fileName || 'Your file'}: {formatCount(report.totalRows)} {report.totalRows === 1 ? 'row' : 'rows'}, addresses read from “{report.emailColumn}”.
      </p>
      <dl className={styles.totals}>
        <div className={styles.total}>
          <dt>Will be imported</dt>
          <dd data-testid="import-will-import">{formatCount(report.toImportCount)}</dd>
        </div>
        <div className={styles.total}>
          <dt>Left out</dt>
          <dd>{formatCount(report.totalRows - report.toImportCount)}</dd>
        </div>
      </dl>
      {problems.length > 0 && (
        <ul className={styles.problems}>
          {problems.map((p) => (
            <li key={p.key} className={styles.problem}>
              <span className={styles.problemCount}>{formatCount(report[p.count])}</span> {p.label}
              {report.samples[p.key].length > 0 && (
                <span className={styles.samples}>
                  {report.samples[p.key].map((s, i) => (
                    <code key={i} className={styles.sample}>
                      {s || '(empty)'}
                    </code>
                  ))}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {report.toImportCount > 0 ? (
        <>
          <h2 className={styles.subheading}>3. Confirm</h2>
          <div className={styles.attest}>
            <input id={attestId} type="checkbox" checked={attested} onChange={(e) => setAttested(e.target.checked)} />
            <label htmlFor={attestId}>{attestation}</label>
          </div>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <div className={styles.actions}>
            <LoadingButton variant="accent" loading={busy} loadingLabel="Starting the import" onClick={() => void confirm()}>
              Import {formatCount(report.toImportCount)} {report.toImportCount === 1 ? 'subscriber' : 'subscribers'}
            </LoadingButton>
            <Button variant="text" onClick={onAnother}>
              Choose another file
            </Button>
          </div>
        </>
      ) : (
        <div className={styles.actions}>
          <p>No address in this file can be imported.</p>
          <Button variant="outline" onClick={onAnother}>
            Choose another file
          </Button>
        </div>
      )}
    </section>
  );
}

function Progress({ report, onChange, onAnother }: { report: ImportReport; onChange: (r: ImportReport) => void; onAnother: () => void }) {
  const loadData = useBrowserData();
  const running = report.state === 'IMPORTING';
  // Counts the polls: the answer may be the very object shown (nothing moved), which would not re-run the effect.
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => {
      void callQuery<{ newsletterImport: ImportReport | null }>(loadData, NEWSLETTER_IMPORT_QUERY, { id: report.id }).then((r) => {
        // A failed poll keeps the last progress shown and tries again.
        if (r.ok && r.value.newsletterImport) onChange(r.value.newsletterImport);
        setPolls((n) => n + 1);
      });
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [running, polls, report.id, loadData, onChange]);
  const done = report.importedCount + report.skippedCount;
  const total = done + report.toImportCount;
  const percent = total ? Math.floor((done / total) * 100) : 100;
  return (
    <section className={styles.card} aria-labelledby="import-progress">
      <h2 id="import-progress" className={styles.subheading}>
        {running ? 'Importing…' : 'Import complete'}
      </h2>
      {running ? (
        <>
          <progress className={styles.progress} max={total} value={done} aria-labelledby="import-progress" />
          <p className={styles.meta} aria-live="polite">
            {formatCount(done)} of {formatCount(total)} ({percent}%). You can leave this page: the import goes on.
          </p>
        </>
      ) : (
        <>
          <p role="status">
            {formatCount(report.importedCount)} {report.importedCount === 1 ? 'subscriber was' : 'subscribers were'} added to your newsletter. Each gets a welcome
            email with a link to unsubscribe.
          </p>
          {report.skippedCount > 0 && (
            <p className={styles.meta}>
              {formatCount(report.skippedCount)} {report.skippedCount === 1 ? 'address was' : 'addresses were'} left out because they unsubscribed, bounced or
              subscribed while the import ran.
            </p>
          )}
          <div className={styles.actions}>
            <Button variant="outline" onClick={onAnother}>
              Import another list
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
