import { PasswordForm } from '../../components/security/PasswordForm.js';
import { SECURITY_SETTINGS_QUERY } from '../../graphql/password-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import type { PageProps } from '../../router/registry.js';
import styles from './CrupdatePasswordPage.module.css';

interface SecuritySettings {
  viewer: { id: string; hasPassword: boolean | null; twoFactorEnabled: boolean | null } | null;
}

/** /password (page id crupdate-password): create or update the password. */
export default function CrupdatePasswordPage(_props: PageProps) {
  const data = usePageQuery<SecuritySettings>(SECURITY_SETTINGS_QUERY);
  const hasPassword = Boolean(data?.viewer?.hasPassword);
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{hasPassword ? 'Change your password' : 'Create a password'}</h1>
      <p className={styles.lede}>
        {hasPassword
          ? 'Enter your current password and a new one. If you signed in with an email link or code in the last few minutes, the current one is not needed.'
          : 'A password lets you sign in without waiting for an email. You can always sign in with a link or code too.'}
      </p>
      <PasswordForm hasPassword={hasPassword} />
    </section>
  );
}
