import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../platform/project-root.js';
import { isDemoImageId } from '../../shared/images.js';
import { MARKUP_TYPES, PARAGRAPH_TYPES, type Paragraph } from '../../shared/paragraphs.js';
import { slugify } from '../../shared/slug.js';
import { link, p, paragraphNames, strong, story } from './demo-builders.js';
import { DEMO_STORIES, DEMO_WRITERS } from './demo-content.js';

const DEMO_DIR = path.join(projectRoot(), 'public', 'demo');
const demoFile = (id: string) => path.join(DEMO_DIR, id.slice('demo/'.length));

/** Every image id the demo content refers to: avatars, IMG paragraphs, link-card thumbnails. */
function referencedImageIds(): string[] {
  const ids = DEMO_WRITERS.flatMap((w) => (w.imageId ? [w.imageId] : []));
  for (const s of DEMO_STORIES) {
    for (const para of s.paragraphs) {
      if (para.metadata) ids.push(para.metadata.id);
      if (para.mixtapeMetadata?.thumbnailImageId) ids.push(para.mixtapeMetadata.thumbnailImageId);
    }
  }
  return ids;
}

const allParagraphs = (): Array<[string, Paragraph]> =>
  DEMO_STORIES.flatMap((s) => s.paragraphs.map((para): [string, Paragraph] => [s.title, para]));

describe('demo writers', () => {
  it('has six writers with unique, valid usernames', () => {
    expect(DEMO_WRITERS).toHaveLength(6);
    const usernames = DEMO_WRITERS.map((w) => w.username);
    expect(new Set(usernames).size).toBe(usernames.length);
    for (const u of usernames) expect(u).toMatch(/^[a-z0-9_]{1,30}$/);
  });

  it('gives every writer a name and a short bio', () => {
    for (const w of DEMO_WRITERS) {
      expect(w.name.trim()).not.toBe('');
      expect(w.bio?.trim()).toBeTruthy();
      expect(w.bio!.length).toBeLessThanOrEqual(160);
    }
  });

  it('uses no avatar or a shipped demo illustration', () => {
    for (const w of DEMO_WRITERS) {
      if (w.imageId == null) continue;
      expect(isDemoImageId(w.imageId)).toBe(true);
    }
  });
});

describe('demo stories', () => {
  it('has thirty stories, each by a known writer, and every writer has some', () => {
    expect(DEMO_STORIES).toHaveLength(30);
    const usernames = new Set(DEMO_WRITERS.map((w) => w.username));
    for (const s of DEMO_STORIES) expect(usernames, s.title).toContain(s.author);
    for (const u of usernames) expect(DEMO_STORIES.some((s) => s.author === u), u).toBe(true);
  });

  it('has unique titles (and so unique slugs) and a subtitle for each', () => {
    const titles = DEMO_STORIES.map((s) => s.title);
    expect(new Set(titles).size).toBe(titles.length);
    const slugs = titles.map(slugify);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const s of DEMO_STORIES) expect(s.subtitle.trim(), s.title).not.toBe('');
  });

  it('tags each story with one to five distinct tags', () => {
    for (const s of DEMO_STORIES) {
      expect(s.tags.length, s.title).toBeGreaterThanOrEqual(1);
      expect(s.tags.length, s.title).toBeLessThanOrEqual(5);
      expect(new Set(s.tags.map(slugify)).size, s.title).toBe(s.tags.length);
      for (const t of s.tags) expect(slugify(t), s.title).not.toBe('');
    }
  });

  it('publishes stories on distinct days within the last 200', () => {
    const days = DEMO_STORIES.map((s) => s.daysAgo);
    expect(new Set(days).size).toBe(days.length);
    for (const d of days) {
      expect(Number.isInteger(d)).toBe(true);
      expect(d).toBeGreaterThanOrEqual(1);
      expect(d).toBeLessThanOrEqual(200);
    }
  });

  it('locks four stories', () => {
    expect(DEMO_STORIES.filter((s) => s.isLocked)).toHaveLength(4);
  });

  it('gives every story 6 to 14 paragraphs with unique 4-hex-char names', () => {
    for (const s of DEMO_STORIES) {
      expect(s.paragraphs.length, s.title).toBeGreaterThanOrEqual(6);
      expect(s.paragraphs.length, s.title).toBeLessThanOrEqual(14);
      const names = s.paragraphs.map((para) => para.name);
      for (const n of names) expect(n, s.title).toMatch(/^[0-9a-f]{4}$/);
      expect(new Set(names).size, s.title).toBe(names.length);
    }
  });

  it('uses known paragraph types with the fields each needs', () => {
    for (const [title, para] of allParagraphs()) {
      expect(PARAGRAPH_TYPES, title).toContain(para.type);
      if (para.type === 'HR') expect(para.text, title).toBe('');
      else if (para.type !== 'IMG') expect(para.text.trim(), title).not.toBe('');
      if (para.type === 'PRE') expect(para.codeBlockMetadata?.lang, title).toMatch(/^[a-z]+$/);
      if (para.type === 'IMG') {
        expect(para.layout, title).toMatch(/^(INSET_CENTER|OUTSET_CENTER|FULL_WIDTH)$/);
        expect(para.metadata?.alt?.trim(), title).toBeTruthy();
        expect(para.metadata?.originalWidth, title).toBeGreaterThan(0);
        expect(para.metadata?.originalHeight, title).toBeGreaterThan(0);
      }
    }
  });

  it('keeps every markup inside its paragraph text, with an https href on links only', () => {
    for (const [title, para] of allParagraphs()) {
      for (const m of para.markups) {
        const where = `${title}: ${para.text.slice(0, 40)}`;
        expect(MARKUP_TYPES, where).toContain(m.type);
        expect(Number.isInteger(m.start) && Number.isInteger(m.end), where).toBe(true);
        expect(m.start, where).toBeGreaterThanOrEqual(0);
        expect(m.end, where).toBeGreaterThan(m.start);
        expect(m.end, where).toBeLessThanOrEqual(para.text.length);
        expect(para.text.slice(m.start, m.end).trim(), where).not.toBe('');
        if (m.type === 'A') expect(new URL(m.href ?? '').protocol, where).toBe('https:');
        else expect(m.href, where).toBeUndefined();
      }
    }
  });

  it('mixes in the richer paragraph types across the set', () => {
    const count = (type: Paragraph['type']) => DEMO_STORIES.filter((s) => s.paragraphs.some((x) => x.type === type)).length;
    expect(count('IMG')).toBeGreaterThanOrEqual(8);
    expect(DEMO_STORIES.filter((s) => s.paragraphs[0].type === 'IMG').length).toBe(count('IMG'));
    expect(count('PRE')).toBeGreaterThanOrEqual(5);
    expect(count('H3')).toBeGreaterThanOrEqual(20);
    expect(DEMO_STORIES.filter((s) => s.paragraphs.some((x) => x.type === 'BQ' || x.type === 'PQ')).length).toBeGreaterThanOrEqual(20);
  });
});

describe('demo illustrations', () => {
  it('has a file in public/demo/ for every image the content refers to', () => {
    const ids = referencedImageIds();
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      expect(isDemoImageId(id), id).toBe(true);
      expect(fs.existsSync(demoFile(id)), id).toBe(true);
    }
  });

  it('ships small, self-contained SVGs', () => {
    const files = fs.readdirSync(DEMO_DIR).filter((f) => f.endsWith('.svg'));
    expect(files.length).toBeGreaterThanOrEqual(16);
    for (const f of files) {
      const svg = fs.readFileSync(path.join(DEMO_DIR, f), 'utf8');
      expect(Buffer.byteLength(svg), f).toBeLessThan(4096);
      expect(svg, f).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
      expect(svg, f).not.toMatch(/<(text|script|image|foreignObject)\b/);
      expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', ''), f).not.toMatch(/https?:|href=/);
    }
  });
});

describe('demo builders', () => {
  it('places markups on whole words, counting occurrences from 1', () => {
    const para = p('He has as many as you.', strong('as'), strong('as', 2));
    expect(para.markups.map((m) => [m.start, m.end])).toEqual([
      [7, 9],
      [15, 17],
    ]);
  });

  it('throws when a markup names text the paragraph does not have', () => {
    expect(() => p('Nothing to see.', link('here', 'https://example.com/'))).toThrow(/here/);
  });

  it('names paragraphs deterministically and without repeats', () => {
    expect(paragraphNames('A title', 50)).toEqual(paragraphNames('A title', 50));
    expect(new Set(paragraphNames('A title', 5000)).size).toBe(5000);
    const s = story({ author: 'x', title: 'T', subtitle: 'S', tags: [], daysAgo: 1 }, p('One.'), [p('Two.'), p('Three.')]);
    expect(s.paragraphs.map((x) => x.text)).toEqual(['One.', 'Two.', 'Three.']);
    expect(s.paragraphs.map((x) => x.name)).toEqual(paragraphNames('T', 3));
  });
});
