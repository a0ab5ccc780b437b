import type { BrowserData } from '../../apollo/browser-data.js';
import { CAPTCHA_CHALLENGE_QUERY } from '../../graphql/operations.js';

type Challenge = { provider: string; challenge: string | null; difficulty: number | null; siteKey: string | null };

declare global {
  interface Window {
    grecaptcha?: { ready(cb: () => void): void; execute(siteKey: string, opts: { action: string }): Promise<string> };
  }
}

/**
 * The value sign-up sends as captchaValue: a solved proof of work (a fraction of a
 * second of this browser's time), a reCAPTCHA token, or nothing when the site has no
 * check. The solver and Google's script load only here, on sign-up.
 */
export async function captchaValue(loadData: () => Promise<BrowserData>): Promise<string | null> {
  const { client } = await loadData();
  const { data } = await client.query({ query: CAPTCHA_CHALLENGE_QUERY, fetchPolicy: 'network-only' });
  const c = (data as { captchaChallenge?: Challenge } | undefined)?.captchaChallenge;
  if (!c || c.provider === 'none') return null;
  if (c.provider === 'pow' && c.challenge && c.difficulty) {
    const { solvePow } = await import('../../../shared/pow.js');
    return `${c.challenge}:${await solvePow(c.challenge, c.difficulty)}`;
  }
  if (c.provider === 'recaptcha' && c.siteKey) return recaptchaToken(c.siteKey);
  return null;
}

async function recaptchaToken(siteKey: string): Promise<string | null> {
  if (!window.grecaptcha) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('reCAPTCHA did not load'));
      document.head.append(script);
    });
  }
  const g = window.grecaptcha!;
  await new Promise<void>((r) => g.ready(r));
  return g.execute(siteKey, { action: 'signup' });
}
