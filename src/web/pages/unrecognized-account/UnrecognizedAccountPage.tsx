import { useSite } from '../../app-context.js';
import { buttonClassName } from '../../components/button/index.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import { connectHref } from '../../../shared/auth-providers.js';
import styles from './UnrecognizedAccountPage.module.css';
import { normalizeRedirect } from '../../../shared/redirect.js';

/**
 * /unrecognized-account (page id unrecognized-account, wordmark layout): a social sign-in
 * with an identity no account has. Query: provider, redirect. Signing up goes through the
 * provider again, now to create the account.
 */
export default function UnrecognizedAccountPage(_props: PageProps) {
  const { authProviders = [] } = useSite();
  const q = new URLSearchParams(useNavigation().search);
  const provider = authProviders.find((p) => p.name === q.get('provider'));
  const raw = q.get('redirect');
  const redirect = raw ? normalizeRedirect(raw) : undefined;
  const signIn = `/m/signin?operation=login${redirect ? `&redirect=${encodeURIComponent(redirect)}` : ''}`;
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Sorry, we didn't recognize that account.</h1>
      <p className={styles.lede}>Would you like to create a new account?</p>
      <div className={styles.actions}>
        {provider ? (
          <a className={buttonClassName({}, styles.option)} href={connectHref(provider.name, 'register', redirect)}>
            Sign up with {provider.label}
          </a>
        ) : (
          <a className={buttonClassName({}, styles.option)} href={`/m/signin?operation=register${redirect ? `&redirect=${encodeURIComponent(redirect)}` : ''}`}>
            Create an account
          </a>
        )}
        <a className={styles.other} href={signIn}>
          Sign in another way
        </a>
      </div>
    </section>
  );
}
