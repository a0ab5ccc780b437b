/**
 * Stripe.js, loaded from js.stripe.com (Stripe asks that it is never bundled or self-hosted) only
 * when a card form for Stripe is shown: one script tag per page, shared by every form; a failed
 * load (offline, blocked) may be tried again. The page's CSP allows js.stripe.com only when the
 * site's provider is Stripe (server/http/content-security-policy.ts).
 */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';
const LOAD_TIMEOUT_MS = 20_000;

/** The part of Stripe.js the card form uses. */
export interface StripeCardElement {
  mount(target: HTMLElement): void;
  on(event: 'change', handler: (e: { complete: boolean; error?: { message: string } }) => void): void;
  on(event: 'ready', handler: () => void): void;
  focus(): void;
  destroy(): void;
}
export interface StripeJs {
  elements(options?: Record<string, unknown>): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  createPaymentMethod(input: { type: 'card'; card: StripeCardElement; billing_details?: { name?: string } }): Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
}
export type StripeFactory = (publishableKey: string) => StripeJs;

/** What the loader needs of the page: the document to add the script to and where Stripe.js puts itself. */
export interface LoaderHost {
  document: { createElement(tag: 'script'): HTMLScriptElement; head: { appendChild(node: HTMLScriptElement): unknown }; querySelector(selector: string): Element | null };
  window: { Stripe?: StripeFactory };
  timeoutMs?: number;
}

export function createStripeJsLoader(host: () => LoaderHost): () => Promise<StripeFactory> {
  let loading: Promise<StripeFactory> | null = null;
  return () => {
    loading ??= load(host()).catch((err: unknown) => {
      loading = null; // the next form (or Try again) loads afresh
      throw err;
    });
    return loading;
  };
}

function load({ document, window, timeoutMs = LOAD_TIMEOUT_MS }: LoaderHost): Promise<StripeFactory> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  return new Promise<StripeFactory>((resolve, reject) => {
    // A tag left by an earlier failed attempt is replaced: its load will never come.
    document.querySelector(`script[src="${STRIPE_JS_URL}"]`)?.remove();
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    const timer = setTimeout(() => fail('Stripe.js took too long to load.'), timeoutMs);
    function fail(message: string) {
      clearTimeout(timer);
      script.remove();
      reject(new Error(message));
    }
    script.addEventListener('load', () => {
      clearTimeout(timer);
      if (window.Stripe) resolve(window.Stripe);
      else fail('Stripe.js loaded but did not start.');
    });
    script.addEventListener('error', () => fail('Stripe.js could not be loaded.'));
    document.head.appendChild(script);
  });
}

/** The browser's loader: one per page. */
export const loadStripeJs = createStripeJsLoader(() => ({ document, window: window as unknown as LoaderHost['window'] }));
