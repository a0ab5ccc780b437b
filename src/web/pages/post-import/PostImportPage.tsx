import { useId, useState, type FormEvent } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { callMutation } from '../../editor/server-calls.js';
import { IMPORT_POST } from '../../graphql/editor-operations.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import writingPage from '../../editor/writing-page.module.css';
import styles from './PostImportPage.module.css';

/**
 * /p/import and /p/import-story (page id post-import): a story from a web page's address
 * or from pasted HTML becomes a draft (the server fetches the page, SSRF-safe), which
 * opens in the editor.
 */
export default function PostImportPage(_props: PageProps) {
  const loadData = useBrowserData();
  const nav = useNavigation();
  const [url, setUrl] = useState('');
  const [html, setHtml] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const urlId = useId();
  const htmlId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!url.trim() && !html.trim()) return setError('Enter the address of a story, or paste its HTML.');
    setBusy(true);
    setError(null);
    const variables = html.trim() ? { url: url.trim() || null, html } : { url: url.trim(), html: null };
    const r = await callMutation<{ __typename: string; postId?: string; message?: string }>(loadData, IMPORT_POST, variables, 'importPost');
    setBusy(false);
    if (!r.ok) return setError(r.offline ? 'The story could not be imported: you appear to be offline.' : r.message);
    if (r.value.__typename === 'SavedDraft' && r.value.postId) return nav.navigate(`/p/${r.value.postId}/edit`);
    setError(r.value.message ?? 'The story could not be imported.');
  };

  return (
    <div className={writingPage.page}>
      <h1 className={writingPage.heading}>Import a story</h1>
      <p className={styles.lead}>Bring a story you published elsewhere. It becomes a draft you can edit before publishing; its images stay linked from where they are.</p>
      <form className={styles.form} onSubmit={(e) => void submit(e)}>
        <label className={styles.label} htmlFor={urlId}>
          Address of the story
        </label>
        <input id={urlId} className={styles.input} type="url" inputMode="url" placeholder="https://…" value={url} onChange={(e) => setUrl(e.target.value)} />
        <p className={styles.or}>or</p>
        <label className={styles.label} htmlFor={htmlId}>
          Paste the story's HTML
        </label>
        <textarea id={htmlId} className={styles.textarea} rows={8} value={html} onChange={(e) => setHtml(e.target.value)} />
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <LoadingButton type="submit" variant="accent" loading={busy} loadingLabel="Importing">
          Import
        </LoadingButton>
      </form>
    </div>
  );
}
