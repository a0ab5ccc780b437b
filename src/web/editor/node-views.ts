/**
 * How images, embeds and link cards look inside the editor: plain DOM node views (no
 * React per block), drawn like the story page draws them so the writer sees the layout
 * readers will get. The caption of a figure is the node's editable content.
 */
import type { NodeViewRendererProps } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import type { NodeView, ViewMutationRecord } from '@tiptap/pm/view';
import { displayDomain, embeddableIframeUrl } from '../../shared/embeds.js';
import { IMAGE_LAYOUT_WIDTHS, imageUrl } from '../../shared/images.js';
import type { ImageLayout } from '../../shared/paragraphs.js';
import { IFRAME_SANDBOX } from '../components/post-body/IframeEmbed.js';
import bodyStyles from '../components/post-body/PostBody.module.css';
import styles from './editor.module.css';

/** The column a layout takes in the editor, and the story page's look for it. */
const LAYOUT_CLASSES: Record<ImageLayout, (string | undefined)[]> = {
  INSET_CENTER: [],
  OUTSET_CENTER: [styles.outset],
  FULL_WIDTH: [styles.fullWidth, bodyStyles.fullWidth],
};

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, attrs: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** A press on the picture (not the caption) selects the whole block, as in Medium. */
function selectOnPress(target: HTMLElement, { editor, getPos }: NodeViewRendererProps) {
  target.addEventListener('mousedown', (e) => {
    if (e.button !== 0) return;
    e.preventDefault();
    const pos = getPos();
    if (typeof pos !== 'number') return;
    editor.commands.setNodeSelection(pos);
    editor.view.focus();
  });
}

interface FigureParts {
  dom: HTMLElement;
  media: HTMLElement;
  caption: HTMLElement;
}

function figureShell(type: string, captionPlaceholder: string): FigureParts {
  const dom = el('figure', bodyStyles.figure, { 'data-paragraph-type': type });
  const media = el('div', styles.figureMedia, { contenteditable: 'false' });
  const caption = el('figcaption', bodyStyles.caption, { 'data-placeholder': captionPlaceholder });
  dom.append(media, caption);
  return { dom, media, caption };
}

function figureView(parts: FigureParts, type: string, render: (node: PMNode) => void, node: PMNode): NodeView {
  const sync = (n: PMNode) => {
    parts.dom.classList.toggle(styles.emptyCaption, n.content.size === 0);
    render(n);
  };
  sync(node);
  return {
    dom: parts.dom,
    contentDOM: parts.caption,
    update(next) {
      if (next.type.name !== type) return false;
      sync(next);
      return true;
    },
    selectNode: () => parts.dom.classList.add(styles.selected),
    deselectNode: () => parts.dom.classList.remove(styles.selected),
    // Only the caption is the document; the picture is ours to redraw.
    ignoreMutation: (m: ViewMutationRecord) => m.type !== 'selection' && !parts.caption.contains(m.target),
  };
}

/** IMG: the picture at its layout's width (an uploading one shows its local preview). */
export function imageNodeView(props: NodeViewRendererProps): NodeView {
  const parts = figureShell('IMG', 'Type caption for image (optional)');
  const img = el('img', bodyStyles.image, { draggable: 'false', alt: '' });
  const uploading = el('span', styles.uploading, { role: 'status' });
  parts.media.append(img, uploading);
  selectOnPress(parts.media, props);
  const render = (node: PMNode) => {
    const a = node.attrs;
    const layout: ImageLayout = a.layout in LAYOUT_CLASSES ? a.layout : 'INSET_CENTER';
    // Toggled one by one: the editor's decorations put classes on this element too.
    for (const [name, classes] of Object.entries(LAYOUT_CLASSES)) for (const cls of classes) if (cls) parts.dom.classList.toggle(cls, name === layout);
    parts.dom.dataset.layout = layout;
    const src = a.imageId ? imageUrl(a.imageId, IMAGE_LAYOUT_WIDTHS[layout] * 2) : (a.previewSrc ?? '');
    if (img.getAttribute('src') !== src) img.setAttribute('src', src);
    img.alt = a.alt ?? '';
    if (a.width && a.height) {
      img.width = a.width;
      img.height = a.height;
    }
    const isUploading = !a.imageId;
    parts.dom.classList.toggle(styles.isUploading, isUploading);
    uploading.textContent = isUploading ? 'Uploading…' : '';
  };
  return figureView(parts, 'image', render, props.node);
}

/** IFRAME: the player, sandboxed as on the story page, under a cover that selects it. */
export function embedNodeView(props: NodeViewRendererProps): NodeView {
  const parts = figureShell('IFRAME', 'Type caption for embed (optional)');
  const frameBox = el('div', bodyStyles.embedFrame);
  const cover = el('div', styles.embedCover);
  parts.media.append(frameBox, cover);
  selectOnPress(parts.media, props);
  let shown = '';
  const render = (node: PMNode) => {
    const a = node.attrs;
    const url = embeddableIframeUrl(a.src);
    const width = a.width > 0 ? a.width : 16;
    const height = a.height > 0 ? a.height : 9;
    frameBox.style.aspectRatio = `${width} / ${height}`;
    if (shown === (url?.href ?? '')) return;
    shown = url?.href ?? '';
    frameBox.replaceChildren();
    if (!url) {
      frameBox.append(el('span', styles.embedMissing));
      frameBox.lastElementChild!.textContent = a.src || 'Embed';
      return;
    }
    const frame = el('iframe', bodyStyles.iframe, { src: url.href, title: a.title || 'Embed', sandbox: IFRAME_SANDBOX, loading: 'lazy', referrerpolicy: 'strict-origin-when-cross-origin' });
    frameBox.append(frame);
  };
  return figureView(parts, 'embed', render, props.node);
}

/** MIXTAPE_EMBED: the link card, as readers see it. */
export function mixtapeNodeView(props: NodeViewRendererProps): NodeView {
  const dom = el('div', `${bodyStyles.mixtape} ${styles.mixtapeBlock}`, { 'data-paragraph-type': 'MIXTAPE_EMBED', contenteditable: 'false' });
  const card = el('div', bodyStyles.mixtapeCard);
  const text = el('span', bodyStyles.mixtapeText);
  const title = el('strong', bodyStyles.mixtapeTitle);
  const description = el('span', bodyStyles.mixtapeDescription);
  const domain = el('span', bodyStyles.mixtapeDomain);
  const thumb = el('span', `${bodyStyles.mixtapeThumb} ${styles.mixtapeThumb}`);
  text.append(title, description, domain);
  card.append(text, thumb);
  dom.append(card);
  selectOnPress(dom, props);
  const render = (node: PMNode) => {
    const a = node.attrs;
    title.textContent = a.title || a.text || a.href;
    description.textContent = a.description ?? '';
    description.hidden = !a.description;
    domain.textContent = a.href ? displayDomain(a.href) : '';
    thumb.replaceChildren();
    thumb.hidden = !a.thumbnailImageId;
    if (a.thumbnailImageId) thumb.append(el('img', '', { src: imageUrl(a.thumbnailImageId, 320), alt: '' }));
  };
  render(props.node);
  return {
    dom,
    update(next) {
      if (next.type.name !== 'mixtape') return false;
      render(next);
      return true;
    },
    selectNode: () => dom.classList.add(styles.selected),
    deselectNode: () => dom.classList.remove(styles.selected),
    ignoreMutation: () => true,
  };
}
