import { useId, useRef, useState, type FormEvent } from 'react';
import { useSite } from '../../app-context.js';
import { Button } from '../../components/button/index.js';
import { CharacterCounter } from '../../components/character-counter/index.js';
import { ConfirmationDialog } from '../../components/confirmation-dialog/index.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { useToast } from '../../components/toast/index.js';
import { CREATE_INTEGRATION_TOKEN, INTEGRATION_TOKENS_QUERY, REVOKE_INTEGRATION_TOKEN } from '../../graphql/operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { formatDate } from '../../../shared/format.js';
import { INTEGRATION_TOKEN_LIMITS } from '../../../shared/integration-tokens.js';
import { charCount } from '../../../shared/profile-rules.js';
import { Field } from './SettingsDialog.js';
import { useSettingsMutation, type MutationOutcome } from './use-settings-mutation.js';
import styles from './SettingsPage.module.css';
import fields from './SettingsDialog.module.css';
import own from './IntegrationTokens.module.css';

interface TokenRow {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}
type Data = { viewer: { id: string; integrationTokens: TokenRow[] | null } | null };
type CreateData = { createIntegrationToken: { __typename: 'IntegrationTokenCreated'; secret: string; token: TokenRow } | { __typename: 'BadRequest'; message: string } };

/** Keeps Apollo's copy of the list in step, for pages reached later by navigation. */
function updateCached(result: MutationOutcome<unknown>, change: (list: TokenRow[]) => TokenRow[]) {
  if (!result.ok) return;
  result.client.cache.updateQuery<Data>({ query: INTEGRATION_TOKENS_QUERY }, (data) =>
    data?.viewer?.integrationTokens ? { viewer: { ...data.viewer, integrationTokens: change(data.viewer.integrationTokens) } } : data,
  );
}

/** The secret, once: copied with a button, or selected for the reader to copy where the clipboard is closed to us. */
function NewSecret({ secret, onDone }: { secret: string; onDone(): void }) {
  const toast = useToast();
  const code = useRef<HTMLElement | null>(null);
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.show({ message: 'Token copied.' });
    } catch {
      if (code.current) window.getSelection()?.selectAllChildren(code.current);
      toast.show({ message: 'Press Ctrl+C (⌘C on a Mac) to copy the selected token.' });
    }
  }

  return (
    <div className={own.secretBox}>
      <p className={own.secretTitle} role="status">
        Copy your new token now. You won’t see it again.
      </p>
      <p className={own.secretHint}>Keep it somewhere safe, like a password manager or your script’s secret settings. Anyone who has it can act as you.</p>
      <div className={own.secretRow}>
        <code ref={code} className={own.secret} aria-label="New token">
          {secret}
        </code>
        <Button variant="outline" size="small" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <Button variant="text" size="small" onClick={onDone}>
        I copied it
      </Button>
    </div>
  );
}

/**
 * Settings, Security and apps (#tokens): integration tokens for scripts calling the API
 * as the reader. Made with a name, shown once, listed by name and use, revoked at once.
 */
export function IntegrationTokens() {
  const { siteName } = useSite();
  const headingId = useId();
  const toast = useToast();
  const create = useSettingsMutation();
  const revoke = useSettingsMutation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  const [confirming, setConfirming] = useState<TokenRow | null>(null);
  // The landing page renders from its preloaded results, which no mutation updates.
  const [added, setAdded] = useState<TokenRow[]>([]);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const loaded = usePageQuery<Data>(INTEGRATION_TOKENS_QUERY)?.viewer?.integrationTokens ?? [];
  const tokens = [...added.filter((a) => !loaded.some((t) => t.id === a.id)), ...loaded].filter((t) => !removed.has(t.id));
  const full = tokens.length >= INTEGRATION_TOKEN_LIMITS.perUser;
  const trimmed = name.trim();
  const tooLong = charCount(trimmed) > INTEGRATION_TOKEN_LIMITS.nameMaxLength;

  async function onCreate(e: FormEvent) {
    e.preventDefault();
    if (create.busy || trimmed === '' || tooLong) return;
    setError(null);
    const result = await create.run<CreateData>(CREATE_INTEGRATION_TOKEN, { name: trimmed });
    if (!result.ok) return setError(result.message);
    const answer = result.data.createIntegrationToken;
    if (answer.__typename === 'BadRequest') return setError(answer.message);
    setAdded((prev) => [answer.token, ...prev]);
    updateCached(result, (list) => [answer.token, ...list.filter((t) => t.id !== answer.token.id)]);
    setCreated({ id: answer.token.id, secret: answer.secret });
    setName('');
  }

  async function onRevoke(token: TokenRow) {
    const result = await revoke.run<{ revokeIntegrationToken: boolean }>(REVOKE_INTEGRATION_TOKEN, { id: token.id });
    if (!result.ok) {
      toast.show({ message: result.message, toastStyle: 'ERROR' });
      throw new Error(result.message); // keeps the dialog open
    }
    // False: it was revoked already (from another browser); either way it is gone.
    setRemoved((prev) => new Set(prev).add(token.id));
    updateCached(result, (list) => list.filter((t) => t.id !== token.id));
    if (created?.id === token.id) setCreated(null);
    toast.show({ message: `Revoked ${token.name}.` });
  }

  return (
    <section id="tokens" className={styles.block} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.rowTitle}>
        Integration tokens
      </h2>
      <p className={styles.rowDescription}>
        Let your scripts and apps use the {siteName} API as you, with a token sent in an <code className={own.inline}>Authorization: Bearer</code> header.
        Tokens cannot change your password, sessions, two-factor authentication or connected accounts.
      </p>
      {created && <NewSecret secret={created.secret} onDone={() => setCreated(null)} />}
      {tokens.length > 0 ? (
        <ul className={styles.sessions} aria-label="Integration tokens">
          {tokens.map((t) => (
            <li key={t.id} className={styles.session}>
              <div className={styles.sessionText}>
                <p className={styles.sessionDevice}>{t.name}</p>
                <p className={styles.sessionMeta}>
                  <span>Created {formatDate(t.createdAt)}</span>
                  <span>{t.lastUsedAt ? `Last used ${formatDate(t.lastUsedAt)}` : 'Never used'}</span>
                </p>
              </div>
              <Button variant="outline" size="small" onClick={() => setConfirming(t)} aria-label={`Revoke ${t.name}`}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={own.empty}>You have no integration tokens.</p>
      )}
      {full ? (
        <p className={styles.rowDescription}>You have {INTEGRATION_TOKEN_LIMITS.perUser} tokens, the most you can have. Revoke one you no longer use to create another.</p>
      ) : (
        <form className={own.createForm} onSubmit={(e) => void onCreate(e)} noValidate>
          <Field label="Token name" hint="What will use it, e.g. ‘Newsletter export’." aside={<CharacterCounter count={charCount(trimmed)} limit={INTEGRATION_TOKEN_LIMITS.nameMaxLength} />}>
            {(ids) => (
              <input
                {...ids}
                className={fields.input}
                name="tokenName"
                autoComplete="off"
                value={name}
                onChange={(e) => {
                  setName(e.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
          {error && (
            <p className={fields.error} role="alert">
              {error}
            </p>
          )}
          <LoadingButton type="submit" variant="outline" loading={create.busy} disabled={trimmed === '' || tooLong}>
            Create token
          </LoadingButton>
        </form>
      )}
      <ConfirmationDialog
        isVisible={confirming !== null}
        hide={() => setConfirming(null)}
        title={`Revoke ${confirming?.name ?? 'this token'}?`}
        confirmText="Revoke"
        confirmVariant="danger"
        onConfirm={() => (confirming ? onRevoke(confirming) : undefined)}
      >
        Anything using this token stops working at once. This cannot be undone.
      </ConfirmationDialog>
    </section>
  );
}
