import { lazy, Suspense, useId, useRef, useState } from 'react';
import { LAYOUT, TIMING } from '../../../shared/constants';
import { useSite } from '../../app-context';
import { cx } from '../../lib/class-names';
import { imageSrcSet, imageUrl } from '../../lib/image-url';
import { Avatar, UnknownAvatar } from '../avatar';
import { Popover } from '../popover';
import type { AvatarMenuProps } from './AvatarMenu';

// The menu loads when it first opens (or is about to: hover, focus): most page views never open it.
const loadMenu = () => import('./AvatarMenu');
const AvatarMenu = lazy(() => loadMenu().then((m) => ({ default: m.AvatarMenu })));
import styles from './avatar-menu-button.module.css';

export type AvatarMenuButtonProps = Omit<AvatarMenuProps, 'viewer' | 'onNavigate'> & { className?: string };

/**
 * The header's avatar button and its menu (264px). The menu closes on outside click, Escape,
 * blur, choosing an item, and on scroll with a 300ms fade.
 */
export function AvatarMenuButton({ className, ...menuProps }: AvatarMenuButtonProps) {
  const { viewer } = useSite();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const menuId = useId();
  const size = 'XS' as const;

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={cx(styles.button, className)}
        aria-label={viewer ? 'Account menu' : 'Menu'}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        data-avatar-button=""
      >
        {viewer ? (
          <Avatar
            username={viewer.username}
            name={viewer.name}
            imageUrl={viewer.imageId ? imageUrl(viewer.imageId, 32) : null}
            imageSrcSet={viewer.imageId ? imageSrcSet(viewer.imageId, 32) : undefined}
            size={size}
            alt=""
          />
        ) : (
          <UnknownAvatar size={size} />
        )}
      </button>
      <Popover
        id={menuId}
        isVisible={open}
        anchorRef={buttonRef}
        align="end"
        width={LAYOUT.avatarMenuWidth}
        scrollFadeMs={TIMING.avatarMenuFadeMs}
        aria-label={viewer ? 'Account menu' : 'Menu'}
        onHide={(reason) => {
          setOpen(false);
          if (reason === 'escape') buttonRef.current?.focus();
        }}
      >
        <Suspense fallback={null}>
          <AvatarMenu
            viewer={viewer}
            {...menuProps}
            onNavigate={(kind) => {
              setOpen(false);
              // The sign-in modal gives focus back to its opener: the button, as the menu goes away.
              if (kind === 'modal') buttonRef.current?.focus();
            }}
          />
        </Suspense>
      </Popover>
    </>
  );
}
