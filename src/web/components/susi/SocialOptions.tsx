import { useSite } from '../../app-context.js';
import { connectHref, isGoogleKindEmail, type AuthProviderInfo } from '../../../shared/auth-providers.js';
import { buttonClassName } from '../button/index.js';
import type { SusiOperation } from './susi-state.js';
import styles from './susi.module.css';
import own from './SocialOptions.module.css';
import { MastodonServerForm } from './MastodonServerForm.js';

interface Props {
  operation: SusiOperation;
  /** Where to go once signed in (a path on this site). */
  redirect?: string;
}

/** A full navigation: the sign-in continues at the provider and comes back signed in. */
function ProviderLink({ provider, operation, redirect }: Props & { provider: AuthProviderInfo }) {
  return (
    <a className={buttonClassName({ variant: 'outline' }, styles.option)} href={connectHref(provider.name, operation, redirect)} data-provider={provider.name}>
      {`${operation === 'register' ? 'Sign up' : 'Sign in'} with ${provider.label}`}
    </a>
  );
}

/** Spec §5: 'Sign in with {service}' / 'Sign up with {service}' for each configured provider. */
export function SocialOptions({ operation, redirect }: Props) {
  const { authProviders = [], hiddenSusiButtons = [] } = useSite();
  const providers = authProviders.filter((p) => !hiddenSusiButtons.includes(`${operation}:${p.name}`));
  return providers.map((p) =>
    p.name === 'mastodon' ? (
      <MastodonServerForm key={p.name} operation={operation} redirect={redirect} submitLabel={`${operation === 'register' ? 'Sign up' : 'Sign in'} with ${p.label}`} />
    ) : (
      <ProviderLink key={p.name} provider={p} operation={operation} redirect={redirect} />
    ),
  );
}

/** Spec §5: a gmail or google address typed in the email step also offers Google, when configured. */
export function GoogleOption({ email, operation, redirect }: Props & { email: string }) {
  const { authProviders = [], hiddenSusiButtons = [] } = useSite();
  const google = authProviders.find((p) => p.name === 'google');
  if (!google || hiddenSusiButtons.includes(`${operation}:google`) || !isGoogleKindEmail(email)) return null;
  return (
    <div className={own.extra}>
      <ProviderLink provider={google} operation={operation} redirect={redirect} />
    </div>
  );
}
