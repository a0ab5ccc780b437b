import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { TIMING } from '../../../shared/constants';
import { cx } from '../../lib/class-names';
import { CloseIcon } from '../icons';
import {
  createToast,
  initialToastQueueState,
  toastQueueReducer,
  type Toast,
  type ToastOptions,
} from './toast-queue';
import styles from './toast.module.css';

export interface ToastApi {
  /** Queues a toast; returns its id. */
  show(options: ToastOptions): number;
  /** Starts the exit of a toast (or drops it from the queue). */
  dismiss(id: number): void;
  /** Dismisses NEXTPAGE toasts: the router calls this on each path change. */
  clearNextPageToasts(): void;
  /** Drops the queue and dismisses the toast on screen. */
  clearAll(): void;
}

const noop = () => {};
const serverApi: ToastApi = { show: () => -1, dismiss: noop, clearNextPageToasts: noop, clearAll: noop };

export const ToastContext = createContext<ToastApi>(serverApi);
export const useToast = (): ToastApi => useContext(ToastContext);

export interface ToastProviderProps {
  children: ReactNode;
  /** Toasts to queue on mount (e.g. one carried over from the server-side navigation state). */
  initialToasts?: ToastOptions[];
}

/** Owns the toast queue and renders the top toast (role=status, z-index 900). */
export function ToastProvider({ children, initialToasts }: ToastProviderProps) {
  const [state, dispatch] = useReducer(toastQueueReducer, initialToastQueueState);
  const nextId = useRef(1);

  const show = useCallback((options: ToastOptions) => {
    const id = nextId.current++;
    dispatch({ type: 'show', toast: createToast(id, options, TIMING.toastDefaultDurationMs) });
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss: (id) => dispatch({ type: 'dismiss', id }),
      clearNextPageToasts: () => dispatch({ type: 'clearNextPage' }),
      clearAll: () => dispatch({ type: 'clearAll' }),
    }),
    [show],
  );

  const initial = useRef(initialToasts);
  useEffect(() => {
    initial.current?.forEach(show);
  }, [show]);

  const { current, leaving } = state;

  // Timed toasts dismiss themselves; FOREVER and NEXTPAGE wait.
  useEffect(() => {
    if (!current || leaving || typeof current.duration !== 'number') return;
    const timer = setTimeout(() => dispatch({ type: 'dismiss', id: current.id }), current.duration);
    return () => clearTimeout(timer);
  }, [current, leaving]);

  // animationend is the normal trigger; this covers a tab in the background or CSS not loaded.
  useEffect(() => {
    if (!current || !leaving) return;
    const timer = setTimeout(() => dispatch({ type: 'animationEnd', id: current.id }), TIMING.toastAnimationMs + 200);
    return () => clearTimeout(timer);
  }, [current, leaving]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={styles.viewport} role="status" aria-live="polite" aria-atomic="true">
        {current && (
          <ToastView
            key={current.id}
            toast={current}
            leaving={leaving}
            onClose={() => api.dismiss(current.id)}
            onExited={() => dispatch({ type: 'animationEnd', id: current.id })}
          />
        )}
      </div>
    </ToastContext.Provider>
  );
}

interface ToastViewProps {
  toast: Toast;
  leaving: boolean;
  onClose(): void;
  onExited(): void;
}

function ToastView({ toast, leaving, onClose, onExited }: ToastViewProps) {
  const { action, hideCloseButton } = toast.extraParams;
  const bare = toast.toastStyle === 'BARE';
  return (
    <div
      className={cx(
        styles.toast,
        !bare && styles.chrome,
        toast.toastStyle === 'ERROR' && styles.error,
        toast.toastStyle === 'SUCCESS' && styles.success,
        leaving ? styles.leaving : styles.entering,
      )}
      style={{ animationDuration: `${TIMING.toastAnimationMs}ms` }}
      data-toast-style={toast.toastStyle}
      onAnimationEnd={(e) => {
        if (leaving && e.target === e.currentTarget) onExited();
      }}
    >
      <div className={styles.message}>{toast.message}</div>
      {!bare && action && (
        <button
          type="button"
          className={styles.action}
          onClick={() => {
            action.onClick();
            onClose();
          }}
        >
          {action.label}
        </button>
      )}
      {!bare && !hideCloseButton && (
        <button type="button" className={styles.close} onClick={onClose} aria-label="Dismiss">
          <CloseIcon size={20} />
        </button>
      )}
    </div>
  );
}
