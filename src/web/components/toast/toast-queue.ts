/**
 * The toast queue as a pure reducer (spec §4: toasts are queued then cleared, one shown at a
 * time; a toast is dismissed when its exit animation ends; NEXTPAGE toasts clear on navigation).
 * Toasts about the same thing share a key (a follow of one writer, a share): a new one takes
 * the place of the one on screen or waiting, so what shows is the latest action's outcome
 * (an unfollow does not leave 'You're now following…' up, nor queue behind it).
 */
import type { ReactNode } from 'react';

/** Milliseconds, or until closed (FOREVER), or until the next navigation (NEXTPAGE). */
export type ToastDuration = number | 'FOREVER' | 'NEXTPAGE';

/** BARE renders the message with no toast chrome (notices that bring their own). */
export type ToastStyle = 'MESSAGE' | 'SUCCESS' | 'ERROR' | 'BARE';

export interface ToastAction {
  label: string;
  onClick(): void;
}

export interface ToastExtraParams {
  /** A button next to the message, e.g. Undo. Pressing it also dismisses the toast. */
  action?: ToastAction;
  /** Hide the close button (e.g. a toast that only lasts until the next page). */
  hideCloseButton?: boolean;
  [key: string]: unknown;
}

export interface ToastOptions {
  message: ReactNode;
  /** Toasts with the same key replace each other instead of queueing. */
  key?: string;
  toastStyle?: ToastStyle;
  duration?: ToastDuration;
  extraParams?: ToastExtraParams;
}

export interface Toast {
  id: number;
  key?: string;
  message: ReactNode;
  toastStyle: ToastStyle;
  duration: ToastDuration;
  extraParams: ToastExtraParams;
}

export interface ToastQueueState {
  /** The toast on screen, if any. */
  current: Toast | null;
  /** True once the current toast was dismissed and its exit animation is running. */
  leaving: boolean;
  /** Waiting toasts, oldest first. */
  queue: Toast[];
}

export type ToastQueueAction =
  | { type: 'show'; toast: Toast }
  | { type: 'dismiss'; id: number }
  | { type: 'animationEnd'; id: number }
  | { type: 'clearNextPage' }
  | { type: 'clearAll' };

export const initialToastQueueState: ToastQueueState = { current: null, leaving: false, queue: [] };

export function createToast(id: number, options: ToastOptions, defaultDurationMs: number): Toast {
  return {
    id,
    ...(options.key !== undefined && { key: options.key }),
    message: options.message,
    toastStyle: options.toastStyle ?? 'MESSAGE',
    duration: options.duration ?? defaultDurationMs,
    extraParams: options.extraParams ?? {},
  };
}

function advance(state: ToastQueueState): ToastQueueState {
  const [next = null, ...rest] = state.queue;
  return { current: next, leaving: false, queue: rest };
}

export function toastQueueReducer(state: ToastQueueState, action: ToastQueueAction): ToastQueueState {
  switch (action.type) {
    case 'show': {
      const { key } = action.toast;
      if (key !== undefined && state.current?.key === key) {
        // Replaces the one on screen, even as it leaves: the new one enters and starts its own time.
        return { ...state, current: action.toast, leaving: false, queue: state.queue.filter((t) => t.key !== key) };
      }
      if (key !== undefined && state.queue.some((t) => t.key === key)) {
        return { ...state, queue: state.queue.filter((t) => t.key !== key).concat(action.toast) };
      }
      if (state.current === null) return { ...state, current: action.toast, leaving: false };
      return { ...state, queue: [...state.queue, action.toast] };
    }

    case 'dismiss':
      if (state.current?.id === action.id) return state.leaving ? state : { ...state, leaving: true };
      if (state.queue.some((t) => t.id === action.id)) {
        return { ...state, queue: state.queue.filter((t) => t.id !== action.id) };
      }
      return state;

    case 'animationEnd':
      // Only the end of the exit animation removes a toast; the entry animation ending is ignored.
      if (state.current?.id !== action.id || !state.leaving) return state;
      return advance(state);

    case 'clearNextPage': {
      const queue = state.queue.filter((t) => t.duration !== 'NEXTPAGE');
      const currentGoes = state.current?.duration === 'NEXTPAGE';
      if (!currentGoes && queue.length === state.queue.length) return state;
      return { ...state, queue, leaving: state.leaving || currentGoes };
    }

    case 'clearAll':
      if (state.current === null && state.queue.length === 0) return state;
      return { current: state.current, leaving: state.current !== null, queue: [] };
  }
}
