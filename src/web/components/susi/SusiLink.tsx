import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { susiHref } from '../header/site-pages.js';
import { useNavigation } from '../../router/navigation.js';
import type { SusiOperation } from './susi-state.js';
import { useSusiModal } from './SusiModalProvider.js';

export type SusiLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  operation: SusiOperation;
  /** Where to go once signed in; the current page by default. */
  redirect?: string;
};

/**
 * An opener of the sign-in modal (spec §4: login opens at the sign-in options, register at
 * the sign-up options). A real link to /m/signin?operation=…&redirect=…, so it works before
 * hydration, without JavaScript and in a new tab; a plain click opens the modal over the page.
 * Hover, focus and press load the modal's code.
 */
export function SusiLink({ operation, redirect, onClick, onMouseEnter, onFocus, onPointerDown, ...rest }: SusiLinkProps) {
  const { pathname, search } = useNavigation();
  const susi = useSusiModal();
  const target = redirect ?? pathname + search;
  return (
    <a
      href={susiHref(operation, target)}
      {...rest}
      onMouseEnter={(e) => {
        onMouseEnter?.(e);
        susi.preload();
      }}
      onFocus={(e) => {
        onFocus?.(e);
        susi.preload();
      }}
      onPointerDown={(e) => {
        onPointerDown?.(e);
        susi.preload();
      }}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        if (rest.target && rest.target !== '_self') return;
        e.preventDefault();
        susi.open({ operation, redirect: target });
      }}
    />
  );
}
