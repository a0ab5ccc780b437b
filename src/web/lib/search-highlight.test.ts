import { describe, expect, it } from 'vitest';
import { highlightParts } from './search-highlight';

describe('highlightParts', () => {
  it('splits the matched words out and decodes the escaped text', () => {
    expect(highlightParts('Why <em>ink</em> &amp; <em>quill</em> &lt;3')).toEqual([
      { text: 'Why ', match: false },
      { text: 'ink', match: true },
      { text: ' & ', match: false },
      { text: 'quill', match: true },
      { text: ' <3', match: false },
    ]);
  });

  it('never yields markup: a tag in the text stays text', () => {
    const parts = highlightParts('&lt;script&gt;x&lt;/script&gt;');
    expect(parts).toEqual([{ text: '<script>x</script>', match: false }]);
  });

  it('falls back to the plain value without a highlight', () => {
    expect(highlightParts(undefined, 'Plain')).toEqual([{ text: 'Plain', match: false }]);
    expect(highlightParts('', '')).toEqual([]);
  });
});
