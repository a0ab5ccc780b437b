/**
 * Where the Share menu sends a story. The spec names share links for X (Twitter), LinkedIn and
 * Facebook; email and Mastodon are added here. Mastodon has no one site: the reader names their
 * server and the story goes to its /share page (Mastodon's share intent).
 */
export type ShareTarget = 'x' | 'linkedin' | 'facebook' | 'email';

export interface ShareSubject {
  /** The story's absolute address. */
  url: string;
  title: string;
}

const q = encodeURIComponent;

export const SHARE_TARGETS: readonly { target: ShareTarget; label: string }[] = [
  { target: 'x', label: 'Share on X' },
  { target: 'linkedin', label: 'Share on LinkedIn' },
  { target: 'facebook', label: 'Share on Facebook' },
  { target: 'email', label: 'Share by email' },
];

export function shareHref(target: ShareTarget, { url, title }: ShareSubject): string {
  switch (target) {
    case 'x':
      return `https://x.com/intent/tweet?url=${q(url)}&text=${q(title)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${q(url)}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${q(url)}`;
    case 'email':
      return `mailto:?subject=${q(title)}&body=${q(url)}`;
  }
}

export const MASTODON_SERVER_INVALID = 'Enter your Mastodon server, such as mastodon.social.';

/**
 * The host of the Mastodon server a reader typed: 'mastodon.social', 'https://mastodon.social/'
 * and '@ann@mastodon.social' all name mastodon.social. Null for anything that is not a plain
 * host name (no paths, credentials, addresses or other schemes), so the link cannot go elsewhere.
 */
export function parseMastodonHost(raw: string): string | null {
  let text = raw.trim().toLowerCase();
  if (text.includes('@') && !text.includes('/')) text = text.slice(text.lastIndexOf('@') + 1);
  text = text.replace(/^https:\/\//, '').replace(/\/$/, '');
  if (text.length > 253) return null;
  return /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/.test(text) ? text : null;
}

/** Mastodon's share intent on the reader's server: the title and the address as the post's text. */
export function mastodonShareHref(host: string, { url, title }: ShareSubject): string {
  return `https://${host}/share?text=${q(title ? `${title} ${url}` : url)}`;
}
