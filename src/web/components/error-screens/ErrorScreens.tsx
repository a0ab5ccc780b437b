import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from '../../router/Link.js';
import styles from './ErrorScreens.module.css';

/** Spec §2.5 fallback screen, shown when a page fails to render. */
export function ErrorFallbackScreen() {
  return (
    <section className={styles.screen} data-testid="error-fallback">
      <h1 className={styles.title}>Error</h1>
      <p>We’re sorry, but there was a problem displaying this page.</p>
      <p>Please reload and try again.</p>
    </section>
  );
}

/** Spec §2.5 500 screen. */
export function ServerErrorScreen({ status }: { status: number }) {
  return (
    <section className={styles.screen} data-testid="error-500">
      <p className={styles.code}>{status}</p>
      <h1 className={styles.title}>Apologies, but something went wrong on our end.</h1>
      <p>
        Refresh the page, check the <a href="/_/health">site status</a>, or <Link href="/">find something interesting to read</Link>.
      </p>
    </section>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** Changing the key (the URL) clears a caught error. */
  resetKey: string;
  onError?(error: Error, info: ErrorInfo): void;
}

interface BoundaryState {
  error: Error | null;
  key: string;
}

export class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  override render() {
    return this.state.error ? <ErrorFallbackScreen /> : this.props.children;
  }
}
