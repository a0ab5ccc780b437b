/**
 * Which third-party pages a story may embed in an iframe. Anything else is shown as a
 * plain link: an iframe runs someone else's page inside ours, so only well-known embed
 * players are trusted (and even they run sandboxed, see IframeEmbed).
 */
export const IFRAME_HOST_ALLOW_LIST: readonly string[] = [
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
  'player.vimeo.com',
  'codepen.io',
  'gist.github.com',
  'open.spotify.com',
  'w.soundcloud.com',
  'codesandbox.io',
  'www.loom.com',
  'embed.figma.com',
  'www.figma.com',
  'observablehq.com',
  'datawrapper.dwcdn.net',
  'www.slideshare.net',
];

const ALLOWED_HOSTS: ReadonlySet<string> = new Set(IFRAME_HOST_ALLOW_LIST);

/** The iframe src as a URL when it is https on an allowed host (exact match), else null. */
export function embeddableIframeUrl(src: string | undefined | null): URL | null {
  if (typeof src !== 'string') return null;
  let url: URL;
  try {
    url = new URL(src.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  return ALLOWED_HOSTS.has(url.hostname.toLowerCase()) ? url : null;
}

/** The host a reader recognises: 'en.wikipedia.org', 'github.com' (no 'www.'). */
export function displayDomain(href: string): string {
  try {
    return new URL(href).hostname.replace(/^www\./i, '');
  } catch {
    return '';
  }
}
