/**
 * Which third-party players a story may embed in an IFRAME paragraph, shared by the
 * editor (paste a link → embed), the server (every saved IFRAME src is checked and
 * normalised here) and the story page (only these hosts ever become an iframe, sandboxed).
 *
 * An iframe runs someone else's page inside ours, so the list holds well-known embed
 * players only, and a src is stored in the provider's own embed form: a pasted
 * `youtube.com/watch?v=…` becomes `https://www.youtube-nocookie.com/embed/…`.
 */

export interface EmbedProvider {
  /** Shown in the editor ('Embed from YouTube'). */
  name: string;
  /** Hosts a pasted link may come from (exact match, lowercase). */
  linkHosts: readonly string[];
  /** Hosts of the embed URLs this provider produces: what the story page frames. */
  embedHosts: readonly string[];
  /** The embed URL for a link on one of linkHosts, or null when the path is not embeddable. */
  toEmbedUrl(url: URL): string | null;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const segments = (url: URL) => url.pathname.split('/').filter(Boolean);

/** YouTube's `t=1m30s` / `t=90` / `start=90` as whole seconds. */
function youtubeStart(url: URL): number | null {
  const raw = url.searchParams.get('start') ?? url.searchParams.get('t');
  if (!raw) return null;
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(raw);
  if (!m || raw === '') return null;
  const seconds = Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
  return seconds > 0 ? seconds : null;
}

function youtube(url: URL): string | null {
  const parts = segments(url);
  let id: string | undefined;
  if (url.hostname === 'youtu.be') id = parts[0];
  else if (parts[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
  else if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) id = parts[1];
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const start = youtubeStart(url);
  // The no-cookie player sets no tracking cookies until the reader presses play.
  return `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ''}`;
}

function vimeo(url: URL): string | null {
  const parts = segments(url);
  const [id, hash] = url.hostname === 'player.vimeo.com' ? (parts[0] === 'video' ? parts.slice(1) : []) : parts;
  if (!id || !/^\d{1,12}$/.test(id)) return null;
  // Unlisted videos carry a privacy hash, in the path of a link or as ?h= in a player URL.
  const h = url.searchParams.get('h') ?? (hash && /^[0-9a-f]{6,20}$/.test(hash) ? hash : null);
  return `https://player.vimeo.com/video/${id}${h && /^[0-9a-f]{6,20}$/.test(h) ? `?h=${h}` : ''}`;
}

function codepen(url: URL): string | null {
  const [user, kind, id] = segments(url);
  if (!user || !id || !['pen', 'embed', 'full', 'details'].includes(kind ?? '')) return null;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(user) || !/^[A-Za-z0-9]{3,16}$/.test(id)) return null;
  return `https://codepen.io/${user}/embed/${id}?default-tab=result`;
}

function gist(url: URL): string | null {
  const [user, rawId] = segments(url);
  const id = rawId?.replace(/\.(pibb|js)$/, '');
  if (!user || !id || !/^[A-Za-z0-9-]{1,39}$/.test(user) || !/^[0-9a-f]{20,40}$/.test(id)) return null;
  // .pibb is the gist as a plain HTML page: it frames without GitHub's script embed.
  return `https://gist.github.com/${user}/${id}.pibb`;
}

const SPOTIFY_KINDS = ['track', 'album', 'playlist', 'episode', 'show', 'artist'];
function spotify(url: URL): string | null {
  const parts = segments(url).filter((p) => p !== 'embed' && !/^intl-[a-z-]+$/.test(p));
  const [kind, id] = parts;
  if (!kind || !id || !SPOTIFY_KINDS.includes(kind) || !/^[A-Za-z0-9]{22}$/.test(id)) return null;
  return `https://open.spotify.com/embed/${kind}/${id}`;
}

function soundcloud(url: URL): string | null {
  let track = url;
  if (url.hostname === 'w.soundcloud.com') {
    const inner = url.searchParams.get('url');
    if (!inner || !URL.canParse(inner)) return null;
    track = new URL(inner);
    if (track.hostname === 'api.soundcloud.com') {
      const [kind, id] = segments(track);
      if (!['tracks', 'playlists'].includes(kind ?? '') || !id || !/^\d{1,20}$/.test(id)) return null;
      return `https://w.soundcloud.com/player/?url=${encodeURIComponent(`https://api.soundcloud.com/${kind}/${id}`)}`;
    }
    if (!['soundcloud.com', 'www.soundcloud.com', 'm.soundcloud.com'].includes(track.hostname)) return null;
  }
  const parts = segments(track);
  if (parts.length < 2 || parts.length > 3 || !parts.every((p) => /^[A-Za-z0-9_-]{1,100}$/.test(p))) return null;
  return `https://w.soundcloud.com/player/?url=${encodeURIComponent(`https://soundcloud.com/${parts.join('/')}`)}`;
}

function twitter(url: URL): string | null {
  let id: string | null | undefined;
  if (url.hostname === 'platform.twitter.com') id = segments(url).join('/') === 'embed/Tweet.html' ? url.searchParams.get('id') : null;
  else {
    const [, status, statusId] = segments(url);
    id = status === 'status' ? statusId : null;
  }
  if (!id || !/^\d{1,25}$/.test(id)) return null;
  return `https://platform.twitter.com/embed/Tweet.html?id=${id}`;
}

function loom(url: URL): string | null {
  const [kind, id] = segments(url);
  if (!['share', 'embed'].includes(kind ?? '') || !id || !/^[0-9a-f]{32}$/.test(id)) return null;
  return `https://www.loom.com/embed/${id}`;
}

function codesandbox(url: URL): string | null {
  const parts = segments(url);
  const id = parts[0] === 'p' && parts[1] === 'sandbox' ? parts[2] : ['s', 'embed'].includes(parts[0] ?? '') ? parts[1] : undefined;
  if (!id || !/^[A-Za-z0-9-]{3,80}$/.test(id)) return null;
  return `https://codesandbox.io/embed/${id}`;
}

function figma(url: URL): string | null {
  if (url.hostname === 'embed.figma.com' || segments(url)[0] === 'embed') {
    const inner = url.searchParams.get('url');
    return inner && URL.canParse(inner) && new URL(inner).hostname === 'www.figma.com' ? figma(new URL(inner)) : null;
  }
  const [kind, key] = segments(url);
  if (!['file', 'design', 'proto', 'board'].includes(kind ?? '') || !key || !/^[A-Za-z0-9]{10,40}$/.test(key)) return null;
  const target = `https://www.figma.com${url.pathname}`;
  return `https://www.figma.com/embed?embed_host=share&url=${encodeURIComponent(target)}`;
}

/** Providers whose embed URL is what the author pastes (their share dialogs give it). */
function asIs(prefix: RegExp) {
  return (url: URL): string | null => (prefix.test(url.pathname) && !/[<>"'\\]/.test(url.href) ? `https://${url.hostname}${url.pathname}${url.search}` : null);
}

export const EMBED_PROVIDERS: readonly EmbedProvider[] = [
  {
    name: 'YouTube',
    linkHosts: ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'youtube-nocookie.com', 'www.youtube-nocookie.com'],
    embedHosts: ['www.youtube-nocookie.com', 'www.youtube.com', 'youtube.com', 'youtube-nocookie.com'],
    toEmbedUrl: youtube,
  },
  { name: 'Vimeo', linkHosts: ['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'], embedHosts: ['player.vimeo.com'], toEmbedUrl: vimeo },
  { name: 'CodePen', linkHosts: ['codepen.io'], embedHosts: ['codepen.io'], toEmbedUrl: codepen },
  { name: 'GitHub Gist', linkHosts: ['gist.github.com'], embedHosts: ['gist.github.com'], toEmbedUrl: gist },
  { name: 'Spotify', linkHosts: ['open.spotify.com'], embedHosts: ['open.spotify.com'], toEmbedUrl: spotify },
  { name: 'SoundCloud', linkHosts: ['soundcloud.com', 'www.soundcloud.com', 'm.soundcloud.com', 'w.soundcloud.com'], embedHosts: ['w.soundcloud.com'], toEmbedUrl: soundcloud },
  {
    name: 'X',
    linkHosts: ['twitter.com', 'www.twitter.com', 'mobile.twitter.com', 'x.com', 'www.x.com', 'platform.twitter.com'],
    embedHosts: ['platform.twitter.com'],
    toEmbedUrl: twitter,
  },
  { name: 'Loom', linkHosts: ['loom.com', 'www.loom.com'], embedHosts: ['www.loom.com'], toEmbedUrl: loom },
  { name: 'CodeSandbox', linkHosts: ['codesandbox.io'], embedHosts: ['codesandbox.io'], toEmbedUrl: codesandbox },
  { name: 'Figma', linkHosts: ['www.figma.com', 'figma.com', 'embed.figma.com'], embedHosts: ['www.figma.com', 'embed.figma.com'], toEmbedUrl: figma },
  { name: 'Observable', linkHosts: ['observablehq.com'], embedHosts: ['observablehq.com'], toEmbedUrl: asIs(/^\/embed\//) },
  { name: 'Datawrapper', linkHosts: ['datawrapper.dwcdn.net'], embedHosts: ['datawrapper.dwcdn.net'], toEmbedUrl: asIs(/^\/[A-Za-z0-9]{5}\/\d+\/?$/) },
  { name: 'SlideShare', linkHosts: ['www.slideshare.net'], embedHosts: ['www.slideshare.net'], toEmbedUrl: asIs(/^\/slideshow\/embed_code\/key\/[A-Za-z0-9]+$/) },
];

/** Every host the story page may put in an iframe. */
export const IFRAME_HOST_ALLOW_LIST: readonly string[] = [...new Set(EMBED_PROVIDERS.flatMap((p) => p.embedHosts))];
const ALLOWED_HOSTS: ReadonlySet<string> = new Set(IFRAME_HOST_ALLOW_LIST);

function parseHttpUrl(input: string | null | undefined): URL | null {
  if (typeof input !== 'string') return null;
  const trimmed = input.trim();
  if (trimmed === '' || trimmed.length > 2048 || /[\u0000-\u0020\u007f]/.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.port) return null;
  return url;
}

/**
 * The provider and its embed URL for a pasted link or embed URL (http or https, with or
 * without the scheme), or null when it is not one of EMBED_PROVIDERS' embeddable pages.
 */
export function normalizeEmbedUrl(input: string | null | undefined): { provider: EmbedProvider; src: string } | null {
  const url = parseHttpUrl(input);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  for (const provider of EMBED_PROVIDERS) {
    if (!provider.linkHosts.includes(host)) continue;
    const src = provider.toEmbedUrl(url);
    if (src) return { provider, src };
  }
  return null;
}

/** The iframe src as a URL when it is https on an allow-listed embed host (exact match), else null. */
export function embeddableIframeUrl(src: string | undefined | null): URL | null {
  if (typeof src !== 'string') return null;
  let url: URL;
  try {
    url = new URL(src.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
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
