/**
 * The editor's schema and behaviour (Tiptap 3): one block per paragraph type of the story
 * model (see paragraph-doc.ts for the mapping), Medium's markdown shortcuts, and the
 * paragraph names every block keeps across edits.
 */
import { Extension, InputRule, Node, mergeAttributes, textblockTypeInputRule, type Extensions } from '@tiptap/core';
import { Code } from '@tiptap/extension-code';
import { CodeBlock } from '@tiptap/extension-code-block';
import { Heading } from '@tiptap/extension-heading';
import { ListItem } from '@tiptap/extension-list';
import { Focus, Placeholder } from '@tiptap/extensions';
import type { Node as PMNode } from '@tiptap/pm/model';
import { NodeSelection, Plugin, PluginKey, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Mapping } from '@tiptap/pm/transform';
import { StarterKit } from '@tiptap/starter-kit';
import { codeLanguageLabel, normalizeCodeLanguage } from '../components/post-body/code-languages.js';
import bodyStyles from '../components/post-body/PostBody.module.css';
import { embedNodeView, imageNodeView, mixtapeNodeView } from './node-views.js';
import { IMAGE_LAYOUTS, MARK, NODE, newParagraphName } from './paragraph-doc.js';

/** Blocks that carry a paragraph name (list items carry it on their paragraph). */
const NAMED_TYPES = [NODE.paragraph, NODE.heading, NODE.blockquote, NODE.pullquote, NODE.codeBlock, NODE.horizontalRule, NODE.image, NODE.embed, NODE.mixtape];
const NAMED = new Set<string>(NAMED_TYPES);
/** Blocks that stand alone: the caret never merges text into or out of them. */
const FIGURES = new Set<string>([NODE.image, NODE.embed]);
const ATOMS = new Set<string>([NODE.horizontalRule, NODE.mixtape]);

const namesKey = new PluginKey('paragraphNames');

interface NamedBlock {
  pos: number;
  name: string | null;
  empty: boolean;
  parent: PMNode;
  index: number;
}

function namedBlocks(doc: PMNode): NamedBlock[] {
  const out: NamedBlock[] = [];
  doc.descendants((node, pos, parent, index) => {
    if (!NAMED.has(node.type.name)) return true;
    const name = typeof node.attrs.name === 'string' && node.attrs.name ? node.attrs.name : null;
    out.push({ pos, name, empty: node.content.size === 0, parent: parent ?? doc, index });
    return !node.isTextblock;
  });
  return out;
}

/**
 * Keeps every named block's name unique and stable across a change (paragraph names are
 * what highlights and links to a paragraph point at):
 * - a block whose type changed in place (a paragraph made a heading) keeps its name;
 * - Enter at the start of a line leaves the name with the text, not the new empty line;
 * - a paste that repeats a name renames the copy: the block that had it keeps it;
 * - any other new block gets a fresh name.
 */
export function ensureUniqueNames(transactions: readonly Transaction[], oldState: EditorState, newState: EditorState): Transaction | null {
  if (!transactions.some((tr) => tr.docChanged)) return null;
  const mapping = new Mapping();
  for (const tr of transactions) mapping.appendMapping(tr.mapping);
  const before = namedBlocks(oldState.doc).filter((b): b is NamedBlock & { name: string } => b.name !== null);
  const blocks = namedBlocks(newState.doc);
  const present = new Set(blocks.map((b) => b.name).filter((n): n is string => n !== null));
  // Where each old block is now: either side of a boundary (a retyped block starts where it did).
  const now = new Map(before.map((b) => [b.name, [mapping.map(b.pos, -1), mapping.map(b.pos, 1)]]));
  const wasEmpty = new Map(before.map((b) => [b.name, b.empty]));
  const names: (string | null)[] = blocks.map((b) => b.name);

  // A repeated name (a paste, or a split: both halves copy it) stays with the block that
  // had it before the change.
  const seen = new Map<string, number[]>();
  names.forEach((name, i) => {
    if (name) seen.set(name, [...(seen.get(name) ?? []), i]);
  });
  for (const [name, indexes] of seen) {
    if (indexes.length < 2) continue;
    // After the change: an insertion right before the block moved it along.
    const at = now.get(name)?.[1];
    const keeper = indexes.find((i) => blocks[i].pos === at) ?? indexes[0];
    for (const i of indexes) if (i !== keeper) names[i] = null;
  }
  const lost = before.filter((b) => !present.has(b.name)).map((b) => b.name);
  blocks.forEach((b, i) => {
    if (names[i] !== null) return;
    const found = lost.findIndex((name) => now.get(name)!.includes(b.pos));
    if (found >= 0) names[i] = lost.splice(found, 1)[0];
  });
  blocks.forEach((b, i) => {
    const next = blocks[i + 1];
    const name = names[i];
    if (!name || !next || names[i + 1] !== null || next.parent !== b.parent || next.index !== b.index + 1) return;
    if (b.empty && !next.empty && wasEmpty.get(name) === false) {
      names[i + 1] = name;
      names[i] = null;
    }
  });
  const taken = new Set(names.filter((n): n is string => n !== null));
  const tr = newState.tr;
  blocks.forEach((b, i) => {
    const name = names[i] ?? newParagraphName(taken);
    if (name === b.name) return;
    const node = tr.doc.nodeAt(b.pos);
    if (node) tr.setNodeMarkup(b.pos, undefined, { ...node.attrs, name });
  });
  return tr.docChanged ? tr : null;
}

const ParagraphNames = Extension.create({
  name: 'paragraphNames',
  addGlobalAttributes() {
    return [
      {
        types: NAMED_TYPES,
        attributes: {
          name: {
            default: null,
            // The second half of a split block is a new paragraph.
            keepOnSplit: false,
            parseHTML: (el) => el.getAttribute('data-name') ?? (/^[0-9a-f]{4}$/.test(el.id) ? el.id : null),
            renderHTML: (attrs) => (attrs.name ? { 'data-name': attrs.name } : {}),
          },
        },
      },
    ];
  },
  addProseMirrorPlugins() {
    return [new Plugin({ key: namesKey, appendTransaction: ensureUniqueNames })];
  },
});

/** '> ' quotes a paragraph (BQ); '> ' again at the start of a quote makes it a pull quote (PQ). */
function quoteInputRule(): InputRule {
  return new InputRule({
    find: /^>\s$/,
    handler: ({ state, range }) => {
      const $from = state.doc.resolve(range.from);
      const parent = $from.parent.type.name;
      const next = parent === NODE.paragraph && $from.depth === 1 ? NODE.blockquote : parent === NODE.blockquote ? NODE.pullquote : null;
      if (!next) return null;
      state.tr.delete(range.from, range.to).setBlockType(range.from, range.from, state.schema.nodes[next], { name: $from.parent.attrs.name });
    },
  });
}

/** A quote is one paragraph of text (BQ), unlike Tiptap's blockquote which wraps blocks. */
const Blockquote = Node.create({
  name: NODE.blockquote,
  group: 'block',
  content: 'inline*',
  defining: true,
  parseHTML: () => [{ tag: 'blockquote' }],
  renderHTML: ({ HTMLAttributes }) => ['blockquote', mergeAttributes(HTMLAttributes, { 'data-quote': 'BQ', class: bodyStyles.blockquote }), 0],
  addInputRules: () => [quoteInputRule()],
});

const Pullquote = Node.create({
  name: NODE.pullquote,
  group: 'block',
  content: 'inline*',
  defining: true,
  parseHTML: () => [{ tag: 'blockquote[data-quote="PQ"]', priority: 60 }],
  renderHTML: ({ HTMLAttributes }) => ['blockquote', mergeAttributes(HTMLAttributes, { 'data-quote': 'PQ', class: bodyStyles.pullquote }), 0],
});

/** The toolbar's quote button: paragraph → quote → pull quote → paragraph (as Medium cycles). */
export const QUOTE_CYCLE: Record<string, string> = { [NODE.paragraph]: NODE.blockquote, [NODE.blockquote]: NODE.pullquote, [NODE.pullquote]: NODE.paragraph };

/** Levels 1-4 are the spec's H1-H4; `# ` makes the large heading (H3), `## ` the small one (H4). */
const StoryHeading = Heading.extend({
  addInputRules() {
    return [
      textblockTypeInputRule({ find: /^#\s$/, type: this.type, getAttributes: { level: 3 } }),
      textblockTypeInputRule({ find: /^##\s$/, type: this.type, getAttributes: { level: 4 } }),
    ];
  },
  // Drawn as the story page draws them: H1-H3 large, H4 small.
  renderHTML({ node, HTMLAttributes }) {
    const small = node.attrs.level === 4;
    return [small ? 'h4' : 'h3', mergeAttributes(HTMLAttributes, { class: `${bodyStyles.heading} ${small ? bodyStyles.headingSmall : bodyStyles.headingLarge}` }), 0];
  },
  addKeyboardShortcuts() {
    return {
      'Mod-Alt-1': () => this.editor.commands.toggleHeading({ level: 3 }),
      'Mod-Alt-2': () => this.editor.commands.toggleHeading({ level: 4 }),
    };
  },
}).configure({ levels: [1, 2, 3, 4] });

/** Inline code may overlap bold, italic and links, as markups may (Tiptap's excludes them all). */
const StoryCode = Code.extend({ excludes: '' }).configure({ HTMLAttributes: { class: bodyStyles.inlineCode } });

/**
 * A code block keeps bold, italic and links (imports have them); inline code in it means nothing.
 * ``` at the start of a line makes one at once, as on Medium (Tiptap's rule waits for a space or a
 * language name); the language is picked from the block toolbar.
 */
const StoryCodeBlock = CodeBlock.extend({
  marks: `${MARK.bold} ${MARK.italic} ${MARK.link}`,
  addInputRules() {
    return [textblockTypeInputRule({ find: /^```$/, type: this.type })];
  },
  // With the language label the story page shows.
  renderHTML({ node, HTMLAttributes }) {
    const lang = normalizeCodeLanguage(node.attrs.language);
    return ['pre', mergeAttributes(HTMLAttributes, { class: bodyStyles.pre, 'data-lang-label': lang ? codeLanguageLabel(lang) : null }), ['code', {}, 0]];
  },
}).configure({ defaultLanguage: null, enableTabIndentation: true });

/** Stories have flat lists: an item is one paragraph (ULI / OLI). */
const StoryListItem = ListItem.extend({ content: NODE.paragraph }).configure({ HTMLAttributes: { class: bodyStyles.li } });

type AttrKind = 'string' | 'number' | 'json';

/**
 * An attribute kept in a data-* attribute of the HTML the editor copies, so a figure or a
 * card pasted back into a story keeps its image id, size and link. Typed on the way back
 * (Tiptap would turn an all-digit id into a number).
 */
function dataAttr(key: string, fallback: unknown, kind: AttrKind = 'string') {
  const attr = `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  return {
    default: fallback,
    parseHTML: (el: HTMLElement) => {
      const raw = el.getAttribute(attr);
      if (raw === null) return fallback;
      if (kind === 'number') return Number.isFinite(Number(raw)) ? Number(raw) : fallback;
      if (kind === 'json') {
        try {
          return JSON.parse(raw);
        } catch {
          return fallback;
        }
      }
      return raw;
    },
    renderHTML: (attrs: Record<string, unknown>) => {
      const v = attrs[key];
      if (v === null || v === undefined || v === '') return {};
      return { [attr]: kind === 'json' ? JSON.stringify(v) : String(v) };
    },
  };
}

function figure(name: string, attrs: Record<string, ReturnType<typeof dataAttr>>, view: typeof imageNodeView) {
  return Node.create({
    name,
    group: 'block',
    // The caption: text with markups.
    content: 'inline*',
    // Backspace and Delete never merge a caption with the text around it.
    isolating: true,
    defining: true,
    draggable: true,
    selectable: true,
    addAttributes: () => attrs,
    renderHTML: ({ HTMLAttributes }) => ['figure', mergeAttributes(HTMLAttributes, { 'data-figure': name }), ['figcaption', 0]],
    parseHTML: () => [{ tag: `figure[data-figure="${name}"]`, contentElement: 'figcaption' }],
    addNodeView: () => view,
  });
}

const Image = figure(
  NODE.image,
  {
    imageId: dataAttr('imageId', null),
    alt: dataAttr('alt', null),
    width: dataAttr('width', null, 'number'),
    height: dataAttr('height', null, 'number'),
    focusX: dataAttr('focusX', null, 'number'),
    focusY: dataAttr('focusY', null, 'number'),
    layout: dataAttr('layout', IMAGE_LAYOUTS[0]),
    // While uploading: the local preview (a blob: URL), never saved.
    previewSrc: { ...dataAttr('previewSrc', null), renderHTML: () => ({}) },
  },
  imageNodeView,
);

const Embed = figure(
  NODE.embed,
  { src: dataAttr('src', ''), width: dataAttr('width', null, 'number'), height: dataAttr('height', null, 'number'), title: dataAttr('title', '') },
  embedNodeView,
);

/** A link card (MIXTAPE_EMBED): one block that is selected and deleted whole. */
const Mixtape = Node.create({
  name: NODE.mixtape,
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes: () => ({
    href: dataAttr('href', ''),
    title: dataAttr('title', ''),
    description: dataAttr('description', ''),
    thumbnailImageId: dataAttr('thumbnailImageId', null),
    text: dataAttr('text', ''),
    markups: dataAttr('markups', [], 'json'),
  }),
  renderHTML: ({ node, HTMLAttributes }) => ['div', mergeAttributes(HTMLAttributes, { 'data-mixtape': '' }), node.attrs.title || node.attrs.href],
  parseHTML: () => [{ tag: 'div[data-mixtape]' }],
  addNodeView: () => mixtapeNodeView,
});

/**
 * Medium's keys around blocks that are not plain text: Enter in a caption starts a new
 * paragraph after the figure; Backspace at the start of a line after a figure or a card
 * selects it (a second Backspace deletes it) rather than pulling text into a caption;
 * Backspace at the start of a heading or quote makes it a paragraph again.
 */
const StoryKeys = Extension.create({
  name: 'storyKeys',
  priority: 200,
  addKeyboardShortcuts() {
    const editor = this.editor;
    const selectSibling = (dir: -1 | 1) => {
      const { state, view } = editor;
      const { $from, empty } = state.selection;
      if (!empty || $from.depth !== 1) return false;
      const atEdge = dir < 0 ? $from.parentOffset === 0 : $from.parentOffset === $from.parent.content.size;
      if (!atEdge) return false;
      const index = $from.index(0);
      const sibling = state.doc.maybeChild(index + dir);
      if (!sibling || !(FIGURES.has(sibling.type.name) || ATOMS.has(sibling.type.name))) return false;
      const blockStart = $from.before(1);
      const siblingPos = dir < 0 ? blockStart - sibling.nodeSize : $from.after(1);
      let tr = state.tr;
      let target = siblingPos;
      if ($from.parent.content.size === 0 && $from.parent.type.name === NODE.paragraph) {
        tr = tr.delete(blockStart, $from.after(1));
        target = tr.mapping.map(siblingPos, dir < 0 ? -1 : 1);
        if (dir > 0) target = blockStart;
      }
      view.dispatch(tr.setSelection(NodeSelection.create(tr.doc, target)).scrollIntoView());
      return true;
    };
    return {
      Enter: () => {
        const { state } = editor;
        const { $from } = state.selection;
        if (!FIGURES.has($from.parent.type.name)) return false;
        const after = $from.after($from.depth);
        const tr = state.tr.insert(after, state.schema.nodes[NODE.paragraph].create());
        editor.view.dispatch(tr.setSelection(TextSelection.create(tr.doc, after + 1)).scrollIntoView());
        return true;
      },
      Backspace: () => {
        const { $from, empty } = editor.state.selection;
        if (empty && $from.parentOffset === 0 && [NODE.heading, NODE.blockquote, NODE.pullquote].includes($from.parent.type.name as never)) {
          return editor.commands.setNode(NODE.paragraph);
        }
        // At the start of a caption: select the figure instead of leaving it.
        if (empty && $from.parentOffset === 0 && FIGURES.has($from.parent.type.name)) {
          return editor.commands.setNodeSelection($from.before($from.depth));
        }
        return selectSibling(-1);
      },
      Delete: () => selectSibling(1),
    };
  },
});

export interface EditorExtensionOptions {
  /** Shown in the empty body of a new story. */
  placeholder?: string;
}

/** Every extension of the story editor, in one list (the schema of paragraph-doc.ts). */
export function storyExtensions(opts: EditorExtensionOptions = {}): Extensions {
  return [
    StarterKit.configure({
      paragraph: { HTMLAttributes: { class: bodyStyles.p } },
      bulletList: { HTMLAttributes: { class: bodyStyles.list } },
      orderedList: { HTMLAttributes: { class: bodyStyles.list } },
      horizontalRule: { HTMLAttributes: { class: bodyStyles.divider } },
      blockquote: false,
      heading: false,
      code: false,
      codeBlock: false,
      listItem: false,
      strike: false,
      underline: false,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        protocols: ['mailto'],
        HTMLAttributes: { rel: 'ugc nofollow noopener', target: null, class: bodyStyles.link },
      },
    }),
    StoryHeading,
    StoryCode,
    StoryCodeBlock,
    StoryListItem,
    Blockquote,
    Pullquote,
    Image,
    Embed,
    Mixtape,
    ParagraphNames,
    StoryKeys,
    Focus.configure({ className: 'has-focus', mode: 'shallowest' }),
    Placeholder.configure({
      showOnlyCurrent: false,
      includeChildren: false,
      placeholder: ({ editor, node }) => (node.type.name === NODE.paragraph && editor.isEmpty ? (opts.placeholder ?? 'Tell your story…') : ''),
    }),
  ];
}
