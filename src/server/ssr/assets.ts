import fs from 'node:fs';
import path from 'node:path';

/** Entry of the browser bundle; its chunk and CSS go on every page. */
export const CLIENT_ENTRY = 'src/web/entry-client.tsx';
export const ASSET_BASE = '/static/';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const esc = (s: string) => s.replace(/"/g, '&quot;');

/**
 * A stylesheet written into the page instead of linked: the page paints without waiting for a
 * request per stylesheet (a story page needs eight). The `disabled` link beside it is never
 * fetched (HTML: a disabled stylesheet link is not obtained), but it tells Vite's preloader,
 * which looks for `link[rel=stylesheet]` by href, that this file is already applied, so a
 * client-side navigation does not load it a second time and move its rules later in the cascade.
 */
function inlineStylesheet(href: string, css: string): string {
  // Built CSS never holds '</style', but a page must not end its own element early if it did.
  return `<link rel="stylesheet" href="${esc(href)}" disabled><style>${css.replace(/<\/(style)/gi, '<\\/$1')}</style>`;
}

/**
 * Tags for the built client (Vite manifest): the entry script, and for the page being
 * rendered its chunk as modulepreload plus every stylesheet both need (in the page, in the
 * order the build gives), so the page paints styled and hydrates without a waterfall.
 */
export function manifestAssets(clientDir: string) {
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`The client build has no entry ${CLIENT_ENTRY}; run npm run build.`);
  const cache = new Map<string, string>();
  const stylesheets = new Map<string, string>();
  const stylesheet = (file: string) => {
    let css = stylesheets.get(file);
    if (css === undefined) {
      css = fs.readFileSync(path.join(clientDir, file), 'utf8');
      stylesheets.set(file, css);
    }
    return css;
  };

  const collect = (key: string, css: Set<string>, js: Set<string>, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) collect(i, css, js, seen);
  };

  return {
    /** `pageModules`: the page's module, and its definition's when that loads apart (lazy-pages.ts). */
    tagsFor(pageModules: string[]): string {
      const key = pageModules.join('\n');
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const css = new Set<string>();
      const js = new Set<string>();
      collect(CLIENT_ENTRY, css, js, new Set());
      const entryFiles = new Set(js);
      for (const m of pageModules) collect(m, css, js, new Set());
      const tags = [
        ...[...css].map((f) => inlineStylesheet(ASSET_BASE + f, stylesheet(f))),
        `<script type="module" src="${esc(ASSET_BASE + entry.file)}"></script>`,
        ...[...js].filter((f) => f !== entry.file).map((f) => `<link rel="modulepreload" href="${esc(ASSET_BASE + f)}"${entryFiles.has(f) ? '' : ' data-page'}>`),
      ].join('');
      cache.set(key, tags);
      return tags;
    },
  };
}

/** No client bundle (server-only tests): pages render without scripts. */
export const noAssets = { tagsFor: (_pageModules: string[], _nonce: string) => '' };
