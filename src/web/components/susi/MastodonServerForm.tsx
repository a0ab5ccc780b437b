import { useId } from 'react';
import type { SocialOperation } from '../../../shared/auth-providers.js';
import { buttonClassName } from '../button/index.js';
import styles from './MastodonServerForm.module.css';

interface Props {
  operation: SocialOperation;
  redirect?: string;
  /** The button's text: 'Sign in with Mastodon', 'Connect'… */
  submitLabel: string;
  className?: string;
}

/**
 * Mastodon has no one provider: the reader names their server first. A plain GET form to
 * /m/connect/mastodon, so it works before the page's script has loaded.
 */
export function MastodonServerForm({ operation, redirect, submitLabel, className }: Props) {
  const inputId = useId();
  return (
    <form className={className ? `${styles.form} ${className}` : styles.form} method="get" action="/m/connect/mastodon" data-provider="mastodon">
      <input type="hidden" name="operation" value={operation} />
      {redirect && <input type="hidden" name="redirect" value={redirect} />}
      <label className={styles.label} htmlFor={inputId}>
        Your Mastodon server
      </label>
      <input id={inputId} className={styles.input} name="instance" type="text" inputMode="url" autoCapitalize="off" autoCorrect="off" spellCheck={false} placeholder="mastodon.social" required maxLength={253} />
      <button type="submit" className={buttonClassName({ variant: 'outline' }, styles.submit)}>
        {submitLabel}
      </button>
    </form>
  );
}
