import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNavigation } from './navigation';

/**
 * An anchor that navigates on the client for same-origin paths and preloads the next
 * page's script and data on hover and on press (spec §4 page preload).
 */
export function Link({ href, onClick, onMouseEnter, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const nav = useNavigation();
  const internal = href.startsWith('/') && !href.startsWith('//');
  return (
    <a
      href={href}
      {...rest}
      onMouseEnter={(e) => {
        onMouseEnter?.(e);
        if (internal) nav.preload(href);
      }}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(e);
        if (!internal || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        if (rest.target && rest.target !== '_self') return;
        e.preventDefault();
        nav.navigate(href);
      }}
    />
  );
}
