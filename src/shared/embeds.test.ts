import { describe, expect, it } from 'vitest';
import { embeddableIframeUrl, IFRAME_HOST_ALLOW_LIST, normalizeEmbedUrl } from './embeds.js';

describe('normalizeEmbedUrl', () => {
  it("turns a provider's links into its embed URL", () => {
    const cases: [string, string, string][] = [
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'YouTube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
      ['youtu.be/dQw4w9WgXcQ?t=1m30s', 'YouTube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90'],
      ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'YouTube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
      ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'YouTube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
      ['https://vimeo.com/76979871', 'Vimeo', 'https://player.vimeo.com/video/76979871'],
      ['https://vimeo.com/76979871/abcdef1234', 'Vimeo', 'https://player.vimeo.com/video/76979871?h=abcdef1234'],
      ['https://codepen.io/ann/pen/AbCdEf', 'CodePen', 'https://codepen.io/ann/embed/AbCdEf?default-tab=result'],
      ['https://gist.github.com/ann/0123456789abcdef0123', 'GitHub Gist', 'https://gist.github.com/ann/0123456789abcdef0123.pibb'],
      ['https://open.spotify.com/intl-de/track/4cOdK2wGLETKBW3PvgPWqT?si=x', 'Spotify', 'https://open.spotify.com/embed/track/4cOdK2wGLETKBW3PvgPWqT'],
      ['https://soundcloud.com/artist/song', 'SoundCloud', 'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fartist%2Fsong'],
      ['https://twitter.com/ann/status/1234567890', 'X', 'https://platform.twitter.com/embed/Tweet.html?id=1234567890'],
      ['https://www.loom.com/share/0123456789abcdef0123456789abcdef', 'Loom', 'https://www.loom.com/embed/0123456789abcdef0123456789abcdef'],
      ['https://codesandbox.io/s/new-sandbox-abc12', 'CodeSandbox', 'https://codesandbox.io/embed/new-sandbox-abc12'],
      ['https://www.figma.com/file/AbCdEfGhIjKlMn/Design', 'Figma', 'https://www.figma.com/embed?embed_host=share&url=https%3A%2F%2Fwww.figma.com%2Ffile%2FAbCdEfGhIjKlMn%2FDesign'],
    ];
    for (const [input, provider, src] of cases) {
      expect(normalizeEmbedUrl(input), input).toEqual({ provider: expect.objectContaining({ name: provider }), src });
      // An embed URL normalises to itself, and the story page frames it.
      expect(normalizeEmbedUrl(src)?.src, src).toBe(src);
      expect(embeddableIframeUrl(src)?.href, src).toBe(new URL(src).href);
    }
  });

  it('refuses other hosts, other schemes, look-alike hosts and pages that are not embeddable', () => {
    for (const input of [
      'https://evil.example/embed/x',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=tooshort',
      'https://www.youtube.com/@channel',
      'javascript:alert(1)',
      'data:text/html,<script>x</script>',
      'ftp://vimeo.com/1',
      'https://user:pw@vimeo.com/1',
      'https://vimeo.com:8443/1',
      'https://gist.github.com/ann/not-hex',
      '',
      null,
    ]) {
      expect(normalizeEmbedUrl(input), String(input)).toBeNull();
    }
  });

  it('frames only https URLs on the allow-listed embed hosts', () => {
    expect(IFRAME_HOST_ALLOW_LIST).toContain('www.youtube-nocookie.com');
    expect(embeddableIframeUrl('http://player.vimeo.com/video/1')).toBeNull();
    expect(embeddableIframeUrl('https://vimeo.com/1')).toBeNull();
    expect(embeddableIframeUrl('https://evil.example/')).toBeNull();
  });
});
