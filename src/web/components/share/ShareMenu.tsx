import { useId, useRef, useState, type FormEvent } from 'react';
import { createJsonStore } from '../../lib/local-storage.js';
import { ShareIcon } from '../icons/index.js';
import { Popover } from '../popover/index.js';
import { useToast } from '../toast/index.js';
import { MASTODON_SERVER_INVALID, SHARE_TARGETS, mastodonShareHref, parseMastodonHost, shareHref, type ShareSubject } from './share-links.js';
import styles from './share-menu.module.css';

export const LINK_COPIED = 'Link copied';
export const LINK_NOT_COPIED = 'The link could not be copied.';
export const FRIEND_LINK_COPIED = 'Friend link copied: anyone with it reads the whole story for free.';
/** Share toasts replace each other: a second copy does not queue behind the first. */
const SHARE_TOAST_KEY = 'share';
const MASTODON_SERVER_KEY = 'share-mastodon-server';
const storage = createJsonStore();

export interface ShareMenuProps {
  /** The story's path on this site; the menu shares its absolute address. */
  path: string;
  title: string;
  className?: string;
  /** The author's friend link to a member-only story (?sk=…): offered as 'Friend link'. */
  friendLink?: string | null;
}

/**
 * Share: a menu to copy the story's link (said by a toast) or share it on X, LinkedIn,
 * Facebook, Mastodon (on the reader's own server, remembered in this browser) or by email.
 */
export function ShareMenu({ path, title, className, friendLink }: ShareMenuProps) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [askServer, setAskServer] = useState(false);
  const [serverError, setServerError] = useState('');
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const menuId = useId();
  const inputId = useId();
  const subject = (): ShareSubject => ({ url: new URL(path, window.location.origin).href, title });
  const close = () => {
    setOpen(false);
    setAskServer(false);
    setServerError('');
  };

  const copy = async (url = subject().url, copied = LINK_COPIED) => {
    close();
    try {
      await navigator.clipboard.writeText(url);
      toast.show({ message: copied, toastStyle: 'SUCCESS', key: SHARE_TOAST_KEY });
    } catch {
      toast.show({ message: LINK_NOT_COPIED, toastStyle: 'ERROR', key: SHARE_TOAST_KEY });
    }
  };

  const shareOnMastodon = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const raw = String(new FormData(e.currentTarget).get('server') ?? '');
    const host = parseMastodonHost(raw);
    if (!host) return setServerError(MASTODON_SERVER_INVALID);
    storage.set(MASTODON_SERVER_KEY, host);
    window.open(mastodonShareHref(host, subject()), '_blank', 'noopener,noreferrer');
    close();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={className}
        aria-label="Share"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <ShareIcon />
      </button>
      <Popover
        id={menuId}
        isVisible={open}
        anchorRef={buttonRef}
        align="end"
        role="menu"
        aria-label="Share"
        onHide={(reason) => {
          close();
          if (reason === 'escape') buttonRef.current?.focus();
        }}
      >
        <ul className={styles.menu}>
          <li>
            <button type="button" role="menuitem" className={styles.item} onClick={() => void copy()}>
              Copy link
            </button>
          </li>
          {friendLink && (
            <li>
              <button type="button" role="menuitem" className={styles.item} onClick={() => void copy(friendLink, FRIEND_LINK_COPIED)}>
                Friend link
              </button>
            </li>
          )}
          {open &&
            SHARE_TARGETS.map(({ target, label }) => (
              <li key={target}>
                <a role="menuitem" className={styles.item} href={shareHref(target, subject())} target="_blank" rel="noopener noreferrer" onClick={close}>
                  {label}
                </a>
              </li>
            ))}
          <li>
            <button type="button" role="menuitem" className={styles.item} aria-expanded={askServer} onClick={() => setAskServer((a) => !a)}>
              Share on Mastodon
            </button>
          </li>
        </ul>
        {askServer && (
          <form className={styles.mastodon} onSubmit={shareOnMastodon} noValidate>
            <label htmlFor={inputId}>Your Mastodon server</label>
            <input
              id={inputId}
              name="server"
              type="text"
              inputMode="url"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              placeholder="mastodon.social"
              maxLength={253}
              defaultValue={storage.get(MASTODON_SERVER_KEY, '')}
              aria-invalid={serverError !== '' || undefined}
              aria-describedby={serverError ? `${inputId}-error` : undefined}
              autoFocus
            />
            {serverError && (
              <p id={`${inputId}-error`} className={styles.error}>
                {serverError}
              </p>
            )}
            <button type="submit" className={styles.submit}>
              Share
            </button>
          </form>
        )}
      </Popover>
    </>
  );
}
