import { describe, expect, it } from 'vitest';
import { PageBytes } from './page-bytes.js';

describe('PageBytes', () => {
  it('puts each kept part in place of its token, in HTML as is and in JSON with its quotes', () => {
    const page = new PageBytes();
    const body = page.token(Buffer.from('<p>Tides · twice a day</p>'));
    const json = page.token(Buffer.from('{"paragraphs":[{"text":"Zoë"}]}'));
    const text = `<main>${body}</main><script>window.__STATE__=${JSON.stringify({ content: { bodyModel: json } })}</script>`;
    expect(page.assemble(text).toString()).toBe('<main><p>Tides · twice a day</p></main><script>window.__STATE__={"content":{"bodyModel":{"paragraphs":[{"text":"Zoë"}]}}}</script>');
  });

  it('leaves text alone that only looks like a token: another nonce, or a part this page never had', () => {
    const page = new PageBytes();
    const token = page.token(Buffer.from('kept'));
    const foreign = `kept_${'0'.repeat(24)}_0`;
    const unknown = token.replace(/_0$/, '_7');
    expect(page.assemble(`${foreign} ${unknown} ${token}`).toString()).toBe(`${foreign} ${unknown} kept`);
  });

  it('encodes a page without kept parts as it is', () => {
    expect(new PageBytes().assemble('<p>Café — “quoted”</p>').toString()).toBe('<p>Café — “quoted”</p>');
  });
});
