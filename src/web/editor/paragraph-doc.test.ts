// @vitest-environment happy-dom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Markup, Paragraph } from '../../shared/paragraphs.js';
import { storyExtensions } from './extensions.js';
import { canonicalMarkups, docToParagraphs, inlineToText, isParagraphName, newParagraphName, paragraphsToDoc, textToInline } from './paragraph-doc.js';

const strong = (start: number, end: number): Markup => ({ type: 'STRONG', start, end });
const em = (start: number, end: number): Markup => ({ type: 'EM', start, end });
const code = (start: number, end: number): Markup => ({ type: 'CODE', start, end });
const link = (start: number, end: number, href = 'https://example.org/'): Markup => ({ type: 'A', start, end, href });

/** One story with every paragraph type, markups overlapping and touching, in canonical form. */
const EVERY_TYPE: Paragraph[] = [
  { name: 'a001', type: 'H1', text: 'An imported title heading', markups: [] },
  { name: 'a002', type: 'H2', text: 'An imported subheading', markups: [] },
  { name: 'a003', type: 'H3', text: 'A large heading', markups: [em(2, 7)] },
  { name: 'a004', type: 'H4', text: 'A small heading', markups: [] },
  // Bold 0-10 overlapping italic 5-15; a link touching a second link; inline code.
  { name: 'a005', type: 'P', text: '0123456789abcdefghij and `x`', markups: [strong(0, 10), em(5, 15), link(15, 18, 'https://a.example/'), link(18, 20, 'https://b.example/'), code(25, 28)] },
  { name: 'a006', type: 'P', text: 'line one\nline two', markups: [strong(0, 17)] },
  { name: 'a007', type: 'BQ', text: 'A quote with a link', markups: [link(15, 19)] },
  { name: 'a008', type: 'PQ', text: 'A pull quote', markups: [] },
  { name: 'a009', type: 'PRE', text: 'const a = 1;\n\nconsole.log(a);', markups: [], codeBlockMetadata: { lang: 'typescript' } },
  { name: 'a00a', type: 'PRE', text: 'plain code', markups: [] },
  { name: 'a00b', type: 'ULI', text: 'first bullet', markups: [strong(0, 5)] },
  { name: 'a00c', type: 'ULI', text: 'second bullet', markups: [] },
  { name: 'a00d', type: 'OLI', text: 'first step', markups: [] },
  { name: 'a00e', type: 'OLI', text: 'second step', markups: [em(0, 6)] },
  { name: 'a00f', type: 'HR', text: '', markups: [] },
  { name: 'a010', type: 'IMG', text: 'A caption with bold', markups: [strong(15, 19)], layout: 'INSET_CENTER', metadata: { id: '0a1b2c3d4e5f', originalWidth: 1600, originalHeight: 900, alt: 'A lake' } },
  { name: 'a011', type: 'IMG', text: '', markups: [], layout: 'OUTSET_CENTER', metadata: { id: 'demo/lake.svg', originalWidth: 1200, originalHeight: 800, focusPercentX: 40, focusPercentY: 60 } },
  { name: 'a012', type: 'IMG', text: 'Full width', markups: [], layout: 'FULL_WIDTH', metadata: { id: 'aaaabbbbcccc', originalWidth: 3000, originalHeight: 1000 } },
  { name: 'a013', type: 'IFRAME', text: 'A video', markups: [], iframe: { src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', width: 640, height: 360, title: 'YouTube' } },
  {
    name: 'a014',
    type: 'MIXTAPE_EMBED',
    text: 'Another story',
    markups: [link(0, 13, 'https://example.org/story')],
    mixtapeMetadata: { href: 'https://example.org/story', title: 'Another story', description: 'What it is about', thumbnailImageId: '111122223333' },
  },
  { name: 'a015', type: 'P', text: 'The end.', markups: [] },
];

describe('paragraph model ⇄ editor document', () => {
  it('round-trips every paragraph type and markup unchanged', () => {
    expect(docToParagraphs(paragraphsToDoc(EVERY_TYPE))).toEqual(EVERY_TYPE);
  });

  it('maps types to the editor nodes the schema defines', () => {
    const doc = paragraphsToDoc(EVERY_TYPE);
    expect(doc.content!.map((n) => (n.type === 'heading' ? `heading${n.attrs!.level}` : n.type))).toEqual([
      'heading1', 'heading2', 'heading3', 'heading4', 'paragraph', 'paragraph', 'blockquote', 'pullquote', 'codeBlock', 'codeBlock',
      'bulletList', 'orderedList', 'horizontalRule', 'image', 'image', 'image', 'embed', 'mixtape', 'paragraph',
    ]);
    // Consecutive list items share one list, one paragraph per item, each with its name.
    const bullets = doc.content![10];
    expect(bullets.content!.map((item) => item.content![0].attrs!.name)).toEqual(['a00b', 'a00c']);
  });

  it('keeps a line break as a hardBreak that carries the marks around it', () => {
    const inline = textToInline('ab\ncd', [strong(0, 5)]);
    expect(inline).toEqual([
      { type: 'text', text: 'ab', marks: [{ type: 'bold' }] },
      { type: 'hardBreak', marks: [{ type: 'bold' }] },
      { type: 'text', text: 'cd', marks: [{ type: 'bold' }] },
    ]);
    expect(inlineToText(inline)).toEqual({ text: 'ab\ncd', markups: [strong(0, 5)] });
  });

  it('makes markups canonical: same-type ranges that overlap or touch merge; links with other hrefs stay apart', () => {
    expect(canonicalMarkups('0123456789', [strong(5, 8), strong(0, 5), em(1, 3), strong(7, 9)])).toEqual([strong(0, 9), em(1, 3)]);
    expect(canonicalMarkups('0123456789', [link(0, 5, 'https://a.example/'), link(5, 9, 'https://b.example/')])).toEqual([
      link(0, 5, 'https://a.example/'),
      link(5, 9, 'https://b.example/'),
    ]);
    const p: Paragraph = { name: 'b001', type: 'P', text: 'overlapping bold', markups: [strong(4, 11), strong(0, 6)] };
    expect(docToParagraphs(paragraphsToDoc([p]))).toEqual([{ ...p, markups: [strong(0, 11)] }]);
  });

  it('drops inline code inside a code block and markups outside the text', () => {
    const pre: Paragraph = { name: 'c001', type: 'PRE', text: 'let x', markups: [code(0, 3), strong(0, 3), em(4, 99)] };
    expect(docToParagraphs(paragraphsToDoc([pre]))).toEqual([{ ...pre, markups: [strong(0, 3), em(4, 5)] }]);
  });

  it('starts an empty story with one empty paragraph, and saves it as no paragraphs', () => {
    const doc = paragraphsToDoc([]);
    expect(doc.content).toHaveLength(1);
    expect(isParagraphName(doc.content![0].attrs!.name)).toBe(true);
    expect(docToParagraphs(doc)).toEqual([]);
  });

  it('drops empty paragraphs at the end only, and images still uploading', () => {
    const doc = paragraphsToDoc([
      { name: 'd001', type: 'P', text: '', markups: [] },
      { name: 'd002', type: 'P', text: 'text', markups: [] },
      { name: 'd003', type: 'P', text: '', markups: [] },
    ]);
    doc.content!.push({ type: 'image', attrs: { name: 'd004', imageId: null, previewSrc: 'blob:x' } }, { type: 'paragraph', attrs: { name: 'd005' } });
    expect(docToParagraphs(doc).map((p) => p.name)).toEqual(['d001', 'd002']);
  });
});

describe('paragraph names', () => {
  it('are 4 hex characters and never repeat', () => {
    const taken = new Set<string>(['0000']);
    const names = Array.from({ length: 500 }, () => newParagraphName(taken));
    expect(names.every(isParagraphName)).toBe(true);
    expect(new Set(names).size).toBe(500);
    expect(names).not.toContain('0000');
  });

  it('keeps names, and gives a missing, repeated or unusable one a new name', () => {
    const doc = paragraphsToDoc([
      { name: 'e001', type: 'P', text: 'a', markups: [] },
      { name: 'e001', type: 'P', text: 'b', markups: [] },
      { name: '', type: 'ULI', text: 'c', markups: [] },
      { name: 'has space', type: 'P', text: 'd', markups: [] },
    ]);
    const names = docToParagraphs(doc).map((p) => p.name);
    expect(names[0]).toBe('e001');
    expect(names.slice(1).every(isParagraphName)).toBe(true);
    expect(new Set(names).size).toBe(4);
  });
});

describe('in the editor', () => {
  let editor: Editor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });
  const open = (paragraphs: Paragraph[]) => {
    editor = new Editor({ extensions: storyExtensions(), content: paragraphsToDoc(paragraphs) });
    return editor;
  };

  it('holds every paragraph type and gives it back unchanged', () => {
    const e = open(EVERY_TYPE);
    expect(docToParagraphs(e.getJSON())).toEqual(EVERY_TYPE);
  });

  it('keeps names across edits and names a split paragraph anew', () => {
    const e = open([
      { name: 'f001', type: 'P', text: 'Hello world', markups: [] },
      { name: 'f002', type: 'H3', text: 'Heading', markups: [] },
    ]);
    e.chain().setTextSelection(7).insertContent('big ').run();
    e.chain().setTextSelection(3).splitBlock().run();
    const after = docToParagraphs(e.getJSON());
    expect(after.map((p) => p.text)).toEqual(['He', 'llo big world', 'Heading']);
    expect(after[0].name).toBe('f001');
    expect(after[2].name).toBe('f002');
    expect(isParagraphName(after[1].name)).toBe(true);
    expect(new Set(after.map((p) => p.name)).size).toBe(3);
  });

  it('keeps the name when a paragraph changes type, and with the text when Enter opens a line above it', () => {
    const e = open([
      { name: 'h001', type: 'P', text: 'Becomes a heading', markups: [] },
      { name: 'h002', type: 'P', text: 'Pushed down', markups: [] },
    ]);
    e.chain().setTextSelection(1).toggleHeading({ level: 3 }).run();
    const second = e.state.doc.child(0).nodeSize + 1;
    e.chain().setTextSelection(second).splitBlock().run();
    const after = docToParagraphs(e.getJSON());
    expect(after.map((p) => [p.type, p.text])).toEqual([
      ['H3', 'Becomes a heading'],
      ['P', ''],
      ['P', 'Pushed down'],
    ]);
    expect(after[0].name).toBe('h001');
    expect(after[2].name).toBe('h002');
    expect(isParagraphName(after[1].name)).toBe(true);
  });

  it('renames a pasted copy, not the paragraph that had the name', () => {
    const e = open([{ name: 'g001', type: 'P', text: 'Original', markups: [] }]);
    e.chain().setTextSelection(1).insertContentAt(0, { type: 'paragraph', attrs: { name: 'g001' }, content: [{ type: 'text', text: 'Copy' }] }).run();
    const after = docToParagraphs(e.getJSON());
    expect(after.map((p) => p.text)).toEqual(['Copy', 'Original']);
    expect(after[1].name).toBe('g001');
    expect(after[0].name).not.toBe('g001');
  });
});
