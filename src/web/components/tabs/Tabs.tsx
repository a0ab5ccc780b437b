import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from '../../router/Link.js';
import styles from './tabs.module.css';

export interface TabLink {
  key: string;
  href: string;
  label: ReactNode;
  current: boolean;
}

/**
 * A page's tabs as links, the open one underlined (Settings, Your stories). On a phone
 * they scroll sideways rather than wrap, and the open one is brought into view (only
 * sideways: a page opened at a section hash stays there).
 */
export function Tabs({ label, tabs }: { label: string; tabs: TabLink[] }) {
  const ref = useRef<HTMLElement | null>(null);
  const current = tabs.find((t) => t.current)?.key;
  useEffect(() => {
    const nav = ref.current;
    const active = nav?.querySelector('[aria-current="page"]');
    if (!nav || !active) return;
    const a = active.getBoundingClientRect();
    const n = nav.getBoundingClientRect();
    if (a.right > n.right) nav.scrollLeft += a.right - n.right + 32;
    else if (a.left < n.left) nav.scrollLeft -= n.left - a.left;
  }, [current]);
  return (
    <nav ref={ref} className={styles.tabs} aria-label={label}>
      {tabs.map((t) => (
        <Link key={t.key} href={t.href} className={t.current ? styles.tabActive : styles.tab} aria-current={t.current ? 'page' : undefined}>
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
