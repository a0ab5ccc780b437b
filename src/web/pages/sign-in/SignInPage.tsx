import { useSite } from '../../app-context.js';
import { SiteLogo } from '../../components/header/index.js';
import { SusiFlow } from '../../components/susi/SusiFlow.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import styles from './SignInPage.module.css';
import { normalizeRedirect } from '../../../shared/redirect.js';

/**
 * /m/signin (page id sign-in): the sign-in and sign-up flow on a page of its own, for
 * links from emails, other hosts and readers without the modal. Query: operation
 * (login | register), redirect, stepOverride=ENTER_EMAIL, error, twoFactorChallenge (after a
 * magic link for an account with two-factor on).
 */
export default function SignInPage(_props: PageProps) {
  const { viewer } = useSite();
  const { search } = useNavigation();
  const q = new URLSearchParams(search);
  const operation = q.get('operation') === 'register' ? 'register' : 'login';
  const asked = q.get('redirect');
  const redirect = asked ? normalizeRedirect(asked) : undefined;
  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <SiteLogo />
      </header>
      {viewer ? (
        <section className={styles.signedIn}>
          <h1>You are signed in as {viewer.name}.</h1>
          <a href={normalizeRedirect(redirect)}>Continue</a>
        </section>
      ) : (
        <SusiFlow operation={operation} redirect={redirect} stepOverride={q.get('stepOverride')} initialError={q.get('error')} twoFactorChallenge={q.get('twoFactorChallenge')} />
      )}
    </div>
  );
}
