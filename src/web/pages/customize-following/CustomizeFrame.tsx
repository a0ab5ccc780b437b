import type { ReactNode } from 'react';
import { Tabs } from '../../components/tabs/Tabs.js';
import { Link } from '../../router/Link.js';
import frame from '../../styles/page-heading.module.css';
import styles from './customize.module.css';

/**
 * The tabs of Refine recommendations (ShowFollowsIndex, spec §2.4): the customize-* pages
 * (customize-following, customize-suggestions, customize-muted, customize-reading-history).
 */
const TABS = [
  { key: 'following', href: '/me/following', label: 'Following' },
  { key: 'suggestions', href: '/me/following/suggestions', label: 'Suggestions' },
  { key: 'muted', href: '/me/settings/mute', label: 'Muted' },
  { key: 'history', href: '/me/readinghistory', label: 'Reading history' },
] as const;

export type CustomizeTab = (typeof TABS)[number]['key'];

/** Heading and tabs shared by the customize-following, customize-suggestions and customize-muted pages. */
export function CustomizeFrame({ tab, children }: { tab: CustomizeTab; children: ReactNode }) {
  return (
    <div className={frame.page}>
      <h1 className={frame.heading}>Refine recommendations</h1>
      <Tabs label="Refine recommendations" tabs={TABS.map((t) => ({ ...t, current: t.key === tab }))} />
      {children}
    </div>
  );
}

export interface SubTab {
  href: string;
  label: string;
  current: boolean;
}

/** The second row of a customize page (All, People, Publications; Writers, Publications): pills. */
export function SubTabs({ label, tabs }: { label: string; tabs: SubTab[] }) {
  return (
    <nav className={styles.subTabs} aria-label={label}>
      {tabs.map((t) => (
        <Link key={t.href} href={t.href} className={t.current ? styles.subTabActive : styles.subTab} aria-current={t.current ? 'page' : undefined}>
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
