import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT_ENTRY, manifestAssets } from './assets.js';

/** A client build of three chunks: the entry, a page and a component the page imports. */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-assets-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const manifest = {
    [CLIENT_ENTRY]: { file: 'assets/entry-1.js', css: ['assets/entry-1.css'], isEntry: true },
    'src/web/pages/post/PostPage.tsx': { file: 'assets/PostPage-2.js', css: ['assets/PostPage-2.css'], imports: ['_Avatar.js'] },
    '_Avatar.js': { file: 'assets/Avatar-3.js', css: ['assets/Avatar-3.css'] },
  };
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(dir, 'assets/entry-1.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(dir, 'assets/PostPage-2.css'), '.a{content:"</style><script>x</script>"}');
  fs.writeFileSync(path.join(dir, 'assets/Avatar-3.css'), '.b{color:red}');
  return dir;
}

describe('manifestAssets', () => {
  const dir = fakeBuild();
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const tags = manifestAssets(dir).tagsFor(['src/web/pages/post/PostPage.tsx']);

  it('writes every stylesheet the page needs into it, in the order the build gives, and links none to be fetched', () => {
    const styles = [...tags.matchAll(/<link rel="stylesheet" href="([^"]+)" disabled><style>(.*?)<\/style>/g)].map((m) => [m[1], m[2]]);
    expect(styles.map(([href]) => href)).toEqual(['/static/assets/entry-1.css', '/static/assets/PostPage-2.css', '/static/assets/Avatar-3.css']);
    expect(styles[0]![1]).toBe('body{margin:0}');
    // Every stylesheet link is disabled: the browser fetches none of them.
    expect(tags.match(/<link rel="stylesheet"[^>]*>/g)!.every((link) => link.includes(' disabled'))).toBe(true);
  });

  it('never lets a stylesheet end its own element', () => {
    // Three stylesheets, three closings: the one inside the CSS is escaped, so the rest stays text of the style.
    expect(tags.match(/<\/style/gi)).toHaveLength(3);
    expect(tags).toContain('.a{content:"<\\/style><script>x</script>"}</style>');
  });

  it('still loads the entry and preloads the page chunks', () => {
    expect(tags).toContain('<script type="module" src="/static/assets/entry-1.js"></script>');
    expect(tags).toContain('<link rel="modulepreload" href="/static/assets/PostPage-2.js" data-page>');
    expect(tags).toContain('<link rel="modulepreload" href="/static/assets/Avatar-3.js" data-page>');
  });
});
