import { SETTINGS_CUSTOM_DOMAIN_QUERY, type CustomDomainLiveData } from '../../graphql/custom-domain-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import { CustomDomainSettings } from './CustomDomainSettings.js';
import styles from './CustomDomainSettings.module.css';

interface Data {
  viewer: { id: string; username: string | null; customDomainState: { live: CustomDomainLiveData | null } | null } | null;
}

/** /me/settings/custom-domain (settings-custom-domain, top-nav): the writer's profile on a domain of their own. */
export default function SettingsCustomDomainPage() {
  const viewer = usePageQuery<Data>(SETTINGS_CUSTOM_DOMAIN_QUERY)?.viewer;
  if (!viewer) return null;
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>Custom domain</h1>
      <p className={styles.intro}>
        Serve your profile and stories on a domain you own. Readers there are signed out; signing in happens on this site. <Link className={styles.back} href="/me/settings">Back to settings</Link>
      </p>
      <CustomDomainSettings initial={viewer.customDomainState?.live ?? null} canConnect />
    </main>
  );
}
