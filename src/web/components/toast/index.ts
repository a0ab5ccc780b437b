export { ToastContext, ToastProvider, useToast, type ToastApi, type ToastProviderProps } from './ToastProvider';
export {
  createToast,
  initialToastQueueState,
  toastQueueReducer,
  type Toast,
  type ToastAction,
  type ToastDuration,
  type ToastExtraParams,
  type ToastOptions,
  type ToastQueueAction,
  type ToastQueueState,
  type ToastStyle,
} from './toast-queue';
