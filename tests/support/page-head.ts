import { Parser } from 'htmlparser2';

export interface PageHead {
  title: string;
  /** meta by property or name → content (the last wins). */
  meta: Record<string, string>;
  links: { rel: string; href: string; type?: string; title?: string }[];
  jsonLd: Record<string, unknown>[];
}

/** A page's <head> as a crawler or a link preview reads it (entities decoded by the parser). */
export function parseHead(html: string): PageHead {
  const head: PageHead = { title: '', meta: {}, links: [], jsonLd: [] };
  let inHead = true;
  let text: 'title' | 'ld' | null = null;
  let buffer = '';
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (!inHead) return;
        if (name === 'meta' && (attrs.property || attrs.name) && attrs.content !== undefined) head.meta[attrs.property ?? attrs.name!] = attrs.content;
        else if (name === 'link' && attrs.rel && attrs.href !== undefined) head.links.push({ rel: attrs.rel, href: attrs.href, type: attrs.type, title: attrs.title });
        else if (name === 'title') text = 'title';
        else if (name === 'script' && attrs.type === 'application/ld+json') text = 'ld';
        buffer = '';
      },
      ontext(t) {
        if (text) buffer += t;
      },
      onclosetag(name) {
        if (name === 'head') inHead = false;
        if (text === 'title' && name === 'title') head.title = buffer;
        if (text === 'ld' && name === 'script') head.jsonLd.push(JSON.parse(buffer) as Record<string, unknown>);
        if (name === 'title' || name === 'script') text = null;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return head;
}
