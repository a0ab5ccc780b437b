import type { ReactNode } from 'react';
import { SiteLogo } from '../components/header/index.js';
import styles from './editor.module.css';

/** The writing pages before (or instead of) the editor: loading, not found, failed. */
export function EditorMessage({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <SiteLogo />
        </div>
      </header>
      <div className={styles.message} role={title ? undefined : 'status'}>
        {title && <h1>{title}</h1>}
        {children}
      </div>
    </div>
  );
}
