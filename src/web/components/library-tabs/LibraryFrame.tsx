import type { ReactNode } from 'react';
import { Tabs } from '../tabs/Tabs.js';
import frame from '../../styles/page-heading.module.css';

/** The library's tabs (ShowYourLists, spec §2.3 Library): one page per tab. */
const TABS = [
  { key: 'lists', href: '/me/lists', label: 'Your lists' },
  { key: 'saved', href: '/me/lists/saved', label: 'Saved lists' },
  { key: 'history', href: '/me/lists/reading-history', label: 'Reading history' },
] as const;

export type LibraryTab = (typeof TABS)[number]['key'];

/** Heading and tabs shared by your-catalogs, your-followed-catalogs and your-reading-history. */
export function LibraryFrame({ tab, action, children }: { tab: LibraryTab; action?: ReactNode; children: ReactNode }) {
  return (
    <div className={frame.page}>
      <h1 className={frame.heading}>Your library</h1>
      {action}
      <Tabs label="Your library" tabs={TABS.map((t) => ({ ...t, current: t.key === tab }))} />
      {children}
    </div>
  );
}
