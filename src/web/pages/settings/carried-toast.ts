import { useEffect } from 'react';
import type { ToastApi } from '../../components/toast/index.js';

const KEY = 'settingsToast';

/**
 * Some changes (the username) show in the page shell, which comes from the server:
 * the page reloads, and the toast saying what changed rides along in history.state,
 * which a reload keeps.
 */
export function reloadWithToast(message: string): void {
  window.history.replaceState({ ...(window.history.state as object | null), [KEY]: message }, '');
  window.location.reload();
}

/** Shows a toast carried over a reload, once. */
export function useCarriedToast(toast: ToastApi): void {
  useEffect(() => {
    const state = window.history.state as Record<string, unknown> | null;
    const message = state?.[KEY];
    if (typeof message !== 'string') return;
    const { [KEY]: _shown, ...rest } = state!;
    window.history.replaceState(rest, '');
    toast.show({ message });
  }, [toast]);
}
