import { useState } from 'react';
import { useSite } from '../../app-context.js';
import { publicationVariables } from '../../components/publication/publication-key.js';
import { PUBLICATION_SETTINGS_QUERY } from '../../graphql/publication-admin-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import { FollowersTab } from './FollowersTab.js';
import { GeneralTab } from './GeneralTab.js';
import { MembersSection } from './MembersSection.js';
import { NavigationTab } from './NavigationTab.js';
import type { SettingsCollection } from './settings-types.js';
import styles from './PublicationAdmin.module.css';

const TABS = [
  { tab: 'general', label: 'General', suffix: '' },
  { tab: 'about', label: 'About', suffix: '/about' },
  { tab: 'navigation', label: 'Navigation', suffix: '/navigation' },
  { tab: 'followers', label: 'Followers', suffix: '/followers' },
] as const;

/**
 * /{slug}/settings[/about|/navigation|/followers] (page id publication-settings, top-nav):
 * editors and the owner change the publication; the general tab also holds its members,
 * invitations and audit log. The page definition makes it a missing page to anyone else.
 */
export default function PublicationSettingsPage({ params }: PageProps) {
  const data = usePageQuery<{ collection: SettingsCollection | null }>(PUBLICATION_SETTINGS_QUERY, publicationVariables(params));
  const loaded = data?.collection ?? null;
  if (!loaded) return null;
  return <Settings key={loaded.id} initial={loaded} tab={params.tab ?? 'general'} />;
}

function Settings({ initial, tab }: { initial: SettingsCollection; tab: string }) {
  const [collection, setCollection] = useState(initial);
  const { viewer } = useSite();
  const base = `/${collection.slug}/settings`;
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>
        <Link href={`/${collection.slug}`}>{collection.name}</Link> settings
      </h1>
      <nav aria-label="Settings">
        <ul className={styles.tabs}>
          {TABS.map((t) => (
            <li key={t.tab}>
              <Link href={`${base}${t.suffix}`} className={`${styles.tab} ${t.tab === tab ? styles.tabActive : ''}`} aria-current={t.tab === tab ? 'page' : undefined}>
                {t.label}
              </Link>
            </li>
          ))}
          <li>
            <Link href={collection.newsletterV3 ? `/${collection.slug}/newsletters/${collection.newsletterV3.slug}/settings` : `/${collection.slug}/new-newsletter`} className={styles.tab} data-testid="settings-newsletter-link">
              Newsletter
            </Link>
          </li>
        </ul>
      </nav>
      {(tab === 'general' || tab === 'about') && <GeneralTab collection={collection} about={tab === 'about'} onSaved={setCollection} />}
      {tab === 'general' && <MembersSection collection={collection} viewerId={viewer?.id ?? ''} onChanged={setCollection} />}
      {tab === 'navigation' && <NavigationTab collection={collection} onSaved={setCollection} />}
      {tab === 'followers' && <FollowersTab collection={collection} />}
    </div>
  );
}
