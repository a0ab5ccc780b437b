import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { susiHref } from '../header/site-pages.js';
import { useNavigation } from '../../router/navigation.js';
import type { SusiOperation } from './susi-state.js';
import { normalizeRedirect } from '../../../shared/redirect.js';

export interface SusiModalRequest {
  /** login opens at SIGNIN_OPTIONS, register at SIGNUP_OPTIONS (spec §4). */
  operation: SusiOperation;
  /** Where to go once signed in: a path on this site, the current page by default. */
  redirect?: string;
}

export interface SusiModalControls {
  /** Opens the sign-in / sign-up modal over the current page (the URL stays as it is). */
  open(request: SusiModalRequest): void;
  close(): void;
  /** Starts loading the modal's code, e.g. when the pointer reaches an opener. */
  preload(): void;
}

// The modal and the flow are a chunk of their own: a reader who never signs in never loads them.
const loadModal = () => import('./SusiModal.js');
const SusiModal = lazy(loadModal);
const preload = () => void loadModal().catch(() => {});

/** Without a provider (isolated renders) an opener goes to the sign-in page instead. */
const pageFallback: SusiModalControls = {
  open({ operation, redirect }) {
    if (typeof window !== 'undefined') window.location.assign(susiHref(operation, redirect));
  },
  close() {},
  preload() {},
};

const SusiModalContext = createContext<SusiModalControls>(pageFallback);

export const useSusiModal = () => useContext(SusiModalContext);

interface OpenState extends Required<Pick<SusiModalRequest, 'operation'>> {
  redirect: string;
  /** A new opening starts the flow afresh. */
  key: number;
}

/**
 * Holds the sign-in modal's state (spec §3 client state: the modal's step and operation live
 * in navigation state, not in the URL) and renders the modal, loaded on first use, after the
 * page. A page change closes it.
 */
export function SusiModalProvider({ children }: { children: ReactNode }) {
  const { pathname, search } = useNavigation();
  const here = pathname + search;
  const [state, setState] = useState<OpenState | null>(null);

  const open = useCallback(
    ({ operation, redirect }: SusiModalRequest) => {
      preload();
      setState((s) => ({ operation, redirect: normalizeRedirect(redirect ?? here), key: (s?.key ?? 0) + 1 }));
    },
    [here],
  );
  const close = useCallback(() => setState(null), []);
  const controls = useMemo(() => ({ open, close, preload }), [open, close]);

  useEffect(() => setState(null), [here]);

  return (
    <SusiModalContext.Provider value={controls}>
      {children}
      {state && (
        <Suspense fallback={<div data-susi-loading="" style={LOADING_SCRIM} />}>
          <SusiModal key={state.key} operation={state.operation} redirect={state.redirect} onClose={close} />
        </Suspense>
      )}
    </SusiModalContext.Provider>
  );
}

/** The scrim alone while the modal's code loads (a click on an opener shows at once). */
const LOADING_SCRIM = { position: 'fixed', inset: 0, zIndex: 'var(--z-modal)', background: 'var(--color-overlay)' } as const;
