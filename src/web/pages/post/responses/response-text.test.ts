// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { editorHasText, paragraphsFromEditor } from './response-text.js';

const editor = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
};
const read = (html: string) => paragraphsFromEditor(editor(html)).map(({ text, markups }) => ({ text, markups }));

describe('paragraphsFromEditor', () => {
  it('reads text typed straight into the box, then the <p> blocks Enter makes', () => {
    expect(read('First line<p>Second</p><p>Third</p>')).toEqual([
      { text: 'First line', markups: [] },
      { text: 'Second', markups: [] },
      { text: 'Third', markups: [] },
    ]);
  });

  it('ends a paragraph at a line break and leaves blank ones out', () => {
    expect(read('<div>One<br>Two</div><p><br></p><p>&nbsp; </p><div>Three</div>')).toEqual([
      { text: 'One', markups: [] },
      { text: 'Two', markups: [] },
      { text: 'Three', markups: [] },
    ]);
  });

  it('turns bold and italic, by tag or by style, into STRONG and EM ranges', () => {
    expect(read('<p>Say <b>this</b> and <i>that</i> or <strong><em>both</em></strong></p>')).toEqual([
      {
        text: 'Say this and that or both',
        markups: [
          { type: 'STRONG', start: 4, end: 8 },
          { type: 'EM', start: 13, end: 17 },
          { type: 'STRONG', start: 21, end: 25 },
          { type: 'EM', start: 21, end: 25 },
        ],
      },
    ]);
    expect(read('<p><span style="font-weight: 700">loud</span> <span style="font-style: italic">soft</span></p>')[0]!.markups).toEqual([
      { type: 'STRONG', start: 0, end: 4 },
      { type: 'EM', start: 5, end: 9 },
    ]);
  });

  it('joins adjacent runs of one style and trims around the text, moving the ranges', () => {
    expect(read('<p>&nbsp; <b>bold</b><b><i>er</i></b> end </p>')).toEqual([
      {
        text: 'bolder end',
        markups: [
          { type: 'STRONG', start: 0, end: 6 },
          { type: 'EM', start: 4, end: 6 },
        ],
      },
    ]);
  });

  it('keeps only the text of other markup, and reads it as text (nothing is interpreted)', () => {
    expect(read('<p>a <a href="https://x.example">link</a> &lt;script&gt; <u>under</u></p>')).toEqual([{ text: 'a link <script> under', markups: [] }]);
  });

  it('names each paragraph with 4 unique hex characters', () => {
    const names = paragraphsFromEditor(editor(Array.from({ length: 50 }, (_, i) => `<p>${i}</p>`).join(''))).map((p) => p.name);
    expect(new Set(names).size).toBe(50);
    for (const n of names) expect(n).toMatch(/^[0-9a-f]{4}$/);
  });
});

describe('editorHasText', () => {
  it('is false for what an emptied box holds', () => {
    expect(editorHasText(editor('<p><br></p>'))).toBe(false);
    expect(editorHasText(editor('&nbsp;'))).toBe(false);
    expect(editorHasText(editor('<p>x</p>'))).toBe(true);
  });
});
