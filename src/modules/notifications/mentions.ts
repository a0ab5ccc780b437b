import type { Paragraph } from '../../shared/paragraphs.js';

/** At most this many readers are told about one story's mentions (a list of names is not a mention). */
export const MAX_MENTIONS_PER_POST = 20;

/**
 * A mention is a link to a profile: a markup A whose href is `/@username` (optionally with
 * a trailing slash, a query or a hash), relative or on any http(s) host — the editor
 * writes absolute links to this site, and this site's profiles are the only ones a
 * username can name here. Links to a story under a profile (`/@ann/some-story-1a2b…`)
 * are not mentions. Returns lower-cased usernames, each once, in order of appearance.
 */
export function mentionedUsernames(paragraphs: readonly Paragraph[]): string[] {
  const out = new Set<string>();
  for (const p of paragraphs) {
    for (const m of p.markups ?? []) {
      if (m.type !== 'A' || !m.href) continue;
      const name = profileUsername(m.href);
      if (name) out.add(name.toLowerCase());
      if (out.size >= MAX_MENTIONS_PER_POST) return [...out];
    }
  }
  return [...out];
}

const PROFILE_PATH = /^\/@([A-Za-z0-9_.]{1,64})\/?$/;

function profileUsername(href: string): string | null {
  let path: string;
  if (href.startsWith('/') && !href.startsWith('//')) {
    path = href.split(/[?#]/)[0]!;
  } else {
    try {
      const url = new URL(href);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
      path = url.pathname;
    } catch {
      return null;
    }
  }
  return PROFILE_PATH.exec(path)?.[1] ?? null;
}
