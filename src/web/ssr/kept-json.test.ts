import { describe, expect, it } from 'vitest';
import { serializeForScript } from '../router/head.js';
import { KeptJson } from './kept-json.js';
import { PageBytes } from './page-bytes.js';

/** The page's JSON as it goes out: its tokens replaced with the kept parts' bytes. */
function serialize(kept: KeptJson, data: unknown, parts: Parameters<KeptJson['serialize']>[1]): string {
  const page = new PageBytes();
  return page.assemble(kept.serialize(data, parts, page)).toString();
}

const page = (text: string) => [
  { postResult: { id: 'a1', content: { version: 'a1.r1.full', bodyModel: { paragraphs: [{ name: 'p0', text, markups: [] }] } } } },
  { threadedPostResponses: { posts: [], note: 'kept:not-a-token:0' } },
];
const partsOf = (data: ReturnType<typeof page>) => [{ holder: data[0]!.postResult!.content as Record<string, unknown>, prop: 'bodyModel', key: 'story-body:a1.r1.full' }];

describe('KeptJson', () => {
  it('writes what serializeForScript writes, from the kept JSON from the second time on', () => {
    const kept = new KeptJson(1024 * 1024);
    const data = page('Tides </script><script>alert(1)</script> & more \u2028');
    const expected = serializeForScript(data);
    expect(serialize(kept, data, partsOf(data))).toBe(expected);
    expect(kept.size).toBe(1);
    expect(serialize(kept, data, partsOf(data))).toBe(expected);
    expect(expected).not.toContain('</script>');
  });

  it('puts the data back, and serves a key from its kept JSON (the key names the version)', () => {
    const kept = new KeptJson(1024 * 1024);
    const first = page('first text');
    serialize(kept, first, partsOf(first));
    expect(first[0]!.postResult!.content.bodyModel.paragraphs[0]!.text).toBe('first text');
    // Same key: the kept JSON is written, whatever the object holds now.
    const same = page('other text');
    expect(serialize(kept, same, partsOf(same))).toContain('first text');
  });

  it('leaves text that looks like a token alone', () => {
    const kept = new KeptJson(1024 * 1024);
    const data = page(`kept_${'0'.repeat(24)}_0`);
    expect(serialize(kept, data, partsOf(data))).toBe(serializeForScript(data));
  });

  it('drops the least recently used JSON past its size, and serializes without parts as serializeForScript', () => {
    const one = serializeForScript(page('x')[0]!.postResult!.content.bodyModel).length;
    const kept = new KeptJson(Math.floor(one * 1.5));
    for (const key of ['k1', 'k2']) {
      const data = page('x');
      serialize(kept, data, [{ ...partsOf(data)[0]!, key }]);
    }
    expect(kept.size).toBe(1);
    const data = page('y');
    expect(serialize(kept, data, [])).toBe(serializeForScript(data));
  });
});
