import { useId, useRef, useState, type ReactNode } from 'react';
import { Popover } from '../popover/index.js';
import { MoreIcon } from './MoreIcon.js';
import styles from './profile.module.css';

/**
 * A '...' button opening a menu (role=menu) below it, aligned to its end. `children`
 * gets `close` so an item can shut the menu as it acts; Escape gives focus back.
 */
export function ActionMenu({ label, buttonClassName, children }: { label: string; buttonClassName: string; children(close: () => void): ReactNode }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const menuId = useId();
  const close = () => setOpen(false);
  return (
    <>
      <button ref={buttonRef} type="button" className={buttonClassName} aria-label={label} aria-haspopup="menu" aria-expanded={open} aria-controls={open ? menuId : undefined} onClick={() => setOpen((o) => !o)}>
        <MoreIcon />
      </button>
      <Popover
        id={menuId}
        isVisible={open}
        anchorRef={buttonRef}
        align="end"
        role="menu"
        aria-label={label}
        onHide={(reason) => {
          close();
          if (reason === 'escape') buttonRef.current?.focus();
        }}
      >
        <ul className={styles.menu}>{children(close)}</ul>
      </Popover>
    </>
  );
}
