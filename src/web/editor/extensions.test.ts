// @vitest-environment happy-dom
import { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import type { Paragraph } from '../../shared/paragraphs.js';
import { storyExtensions } from './extensions.js';
import { docToParagraphs, paragraphsToDoc } from './paragraph-doc.js';

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function open(paragraphs: Paragraph[]): Editor {
  editor = new Editor({ extensions: storyExtensions(), content: paragraphsToDoc(paragraphs) });
  return editor;
}

/** Types `text` at the caret the way the browser reports typing, so input rules run. */
function type(e: Editor, text: string) {
  for (const ch of text) {
    const { from, to } = e.state.selection;
    const handled = e.view.someProp('handleTextInput', (f) => f(e.view, from, to, ch, () => e.state.tr.insertText(ch, from, to)));
    if (!handled) e.view.dispatch(e.state.tr.insertText(ch, from, to));
  }
}

/** A key pressed in the editor, as the browser delivers it (keyboardShortcut keeps only the steps, not the caret). */
function press(e: Editor, key: string) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  e.view.someProp('handleKeyDown', (f) => f(e.view, event));
}

const types = (e: Editor) => docToParagraphs(e.getJSON()).map((p) => p.type);
const empty = (name: string): Paragraph => ({ name, type: 'P', text: '', markups: [] });

describe('markdown shortcuts', () => {
  it.each([
    ['# ', 'H3'],
    ['## ', 'H4'],
    ['> ', 'BQ'],
    ['- ', 'ULI'],
    ['* ', 'ULI'],
    ['1. ', 'OLI'],
  ])('%s at the start of a line makes %s', (shortcut, type_) => {
    const e = open([empty('a001')]);
    e.commands.setTextSelection(1);
    type(e, `${shortcut}Words`);
    const [p] = docToParagraphs(e.getJSON());
    expect(p.type).toBe(type_);
    expect(p.text).toBe('Words');
    // The line keeps its name.
    expect(p.name).toBe('a001');
  });

  it('a second > at the start of a quote makes a pull quote', () => {
    const e = open([empty('b001')]);
    e.commands.setTextSelection(1);
    type(e, '> > Pulled');
    expect(docToParagraphs(e.getJSON())[0]).toMatchObject({ type: 'PQ', text: 'Pulled', name: 'b001' });
  });

  it.each([
    ['an empty line', ''],
    ['a line with words after the caret', ' then words'],
  ])('``` alone on %s makes a code block at once', (_, after) => {
    const e = open([{ name: 'c001', type: 'P', text: after, markups: [] }]);
    e.commands.setTextSelection(1);
    type(e, '```');
    expect(docToParagraphs(e.getJSON())[0]).toMatchObject({ type: 'PRE', text: after, name: 'c001' });
    type(e, 'x = 1');
    expect(docToParagraphs(e.getJSON())[0]).toMatchObject({ type: 'PRE', text: `x = 1${after}` });
  });

  it('``` after words on the line stays text', () => {
    const e = open([empty('c002')]);
    e.commands.setTextSelection(1);
    type(e, 'Use ```');
    expect(docToParagraphs(e.getJSON())[0]).toMatchObject({ type: 'P', text: 'Use ```' });
  });

  it('--- makes a divider and leaves a line to go on', () => {
    const e = open([empty('d001')]);
    e.commands.setTextSelection(1);
    type(e, '---');
    type(e, 'After');
    expect(docToParagraphs(e.getJSON()).map((p) => [p.type, p.text])).toEqual([
      ['HR', ''],
      ['P', 'After'],
    ]);
  });

  it('`code` and **bold** become markups', () => {
    const e = open([empty('e001')]);
    e.commands.setTextSelection(1);
    type(e, 'a `b` c **d** ');
    const [p] = docToParagraphs(e.getJSON());
    expect(p.text).toBe('a b c d ');
    expect(p.markups).toEqual([
      { type: 'CODE', start: 2, end: 3 },
      { type: 'STRONG', start: 6, end: 7 },
    ]);
  });
});

describe('keys around figures, quotes and headings', () => {
  const image: Paragraph = { name: 'f002', type: 'IMG', text: 'Caption', markups: [], layout: 'INSET_CENTER', metadata: { id: 'aaaabbbbcccc', originalWidth: 800, originalHeight: 600 } };

  it('Enter in a caption starts a paragraph after the figure', () => {
    const e = open([{ name: 'f001', type: 'P', text: 'Before', markups: [] }, image]);
    const captionEnd = e.state.doc.child(0).nodeSize + 1 + 'Caption'.length;
    e.commands.setTextSelection(captionEnd);
    press(e, 'Enter');
    type(e, 'After');
    expect(docToParagraphs(e.getJSON()).map((p) => [p.type, p.text])).toEqual([
      ['P', 'Before'],
      ['IMG', 'Caption'],
      ['P', 'After'],
    ]);
  });

  it('Backspace at the start of a line after a figure selects the figure, never merging text into its caption', () => {
    const e = open([image, { name: 'f003', type: 'P', text: 'Text', markups: [] }]);
    e.commands.setTextSelection(e.state.doc.child(0).nodeSize + 1);
    press(e, 'Backspace');
    expect(e.state.selection).toBeInstanceOf(NodeSelection);
    expect((e.state.selection as NodeSelection).node.type.name).toBe('image');
    expect(docToParagraphs(e.getJSON()).map((p) => p.text)).toEqual(['Caption', 'Text']);
    // A second Backspace deletes the figure.
    press(e, 'Backspace');
    expect(types(e)).toEqual(['P']);
  });

  it('Backspace at the start of a heading or quote makes it a paragraph again', () => {
    const e = open([
      { name: 'g001', type: 'H3', text: 'Heading', markups: [] },
      { name: 'g002', type: 'BQ', text: 'Quote', markups: [] },
    ]);
    e.commands.setTextSelection(1);
    press(e, 'Backspace');
    const quoteStart = e.state.doc.child(0).nodeSize + 1;
    e.commands.setTextSelection(quoteStart);
    press(e, 'Backspace');
    expect(docToParagraphs(e.getJSON()).map((p) => [p.type, p.text, p.name])).toEqual([
      ['P', 'Heading', 'g001'],
      ['P', 'Quote', 'g002'],
    ]);
  });
});
