import { slugify } from '../../shared/slug.js';
import type { PostsSection, PromotionSection, PublicationHeader, PublicationHomepage, PublicationSection } from './model.js';

/** Limits of a publication's homepage design (the design editor, /{slug}/design). */
export const DESIGN_LIMITS = { sections: 12, title: 60, limitMin: 1, limitMax: 24, tags: 5, tagLength: 40, headline: 120, button: 30, url: 2000 } as const;

export const DESIGN_MESSAGES = {
  /** Spec §5 colour strings. */
  color: 'Invalid color string',
  sections: `A homepage has at most ${DESIGN_LIMITS.sections} sections.`,
  title: `A section title is at most ${DESIGN_LIMITS.title} characters.`,
  limit: `A section shows ${DESIGN_LIMITS.limitMin} to ${DESIGN_LIMITS.limitMax} stories.`,
  tags: `A tag section needs 1 to ${DESIGN_LIMITS.tags} tags of at most ${DESIGN_LIMITS.tagLength} characters.`,
  headline: `A promotion needs a headline of 1 to ${DESIGN_LIMITS.headline} characters.`,
  button: `A promotion needs button text of 1 to ${DESIGN_LIMITS.button} characters.`,
  url: 'A promotion links to an http(s) address or a path on this site (starting with /).',
  kind: 'Unknown header size, section type, layout or source.',
  noDraft: 'There is no draft to publish.',
  notInPublication: 'That story is not in this publication.',
  notFeatured: 'That story is not featured.',
  alreadyFeatured: 'That story is already featured.',
  reorder: 'The new order must name each featured story once.',
} as const;

export const HEADER_SIZES = ['SMALL', 'MEDIUM', 'LARGE'] as const;
export const SECTION_LAYOUTS = ['GRID', 'LIST', 'STREAM'] as const;
export const SECTION_SOURCES = ['LATEST', 'TAG', 'FEATURED'] as const;

/** The homepage draft: the design and the logo it will give the publication when published. */
export interface HomepageDesign extends PublicationHomepage {
  logoImageId?: string | null;
}

/** What the editor sends: the header, the logo and the sections in order. */
export interface HomepageDesignInput {
  header: { size: string; color?: string | null; backgroundImageId?: string | null };
  logoImageId?: string | null;
  sections: readonly HomepageSectionInput[];
}

export interface HomepageSectionInput {
  type: string;
  id?: string | null;
  title?: string | null;
  layout?: string | null;
  source?: string | null;
  tags?: readonly string[] | null;
  limit?: number | null;
  backgroundColor?: string | null;
  headlineText?: string | null;
  buttonText?: string | null;
  imageId?: string | null;
  url?: string | null;
}

const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => (list as readonly unknown[]).includes(v);

/** A colour as stored: six hex digits, lowercase, without '#'; null for none; undefined when invalid. */
export function normalizedColor(input: string | null | undefined): string | null | undefined {
  const c = (input ?? '').trim();
  if (!c) return null;
  const m = /^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$/.exec(c);
  if (!m) return undefined;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((d) => d + d).join('') : m[1]!;
  return hex.toLowerCase();
}

/** Where a promotion may link: an http(s) address, or a path of this site (not //host, which is another site). */
export function isPromotionUrl(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
}

/** A section id: kept when the editor sends one it already had, else made from its position and a counter. */
const SECTION_ID = /^[a-z0-9-]{1,40}$/;

type Checked = { design: HomepageDesign; problem: null } | { design: null; problem: string };

/**
 * The editor's design checked and normalized (trimmed text, colours as stored, tags
 * deduplicated, fresh ids for new sections); the first problem otherwise.
 */
export function checkedDesign(input: HomepageDesignInput, base: { title: string; description: string }, newSectionId: () => string): Checked {
  const fail = (problem: string): Checked => ({ design: null, problem });
  if (!oneOf(HEADER_SIZES, input.header.size)) return fail(DESIGN_MESSAGES.kind);
  const color = normalizedColor(input.header.color);
  if (color === undefined) return fail(DESIGN_MESSAGES.color);
  if (input.sections.length > DESIGN_LIMITS.sections) return fail(DESIGN_MESSAGES.sections);
  const header: PublicationHeader = { size: input.header.size, color, backgroundImageId: input.header.backgroundImageId || null };
  const sections: PublicationSection[] = [];
  const seen = new Set<string>();
  for (const s of input.sections) {
    let id = s.id && SECTION_ID.test(s.id) && !seen.has(s.id) ? s.id : newSectionId();
    while (seen.has(id)) id = newSectionId();
    seen.add(id);
    const section = s.type === 'POSTS' ? postsSection(s, id) : s.type === 'PROMOTION' ? promotionSection(s, id) : DESIGN_MESSAGES.kind;
    if (typeof section === 'string') return fail(section);
    sections.push(section);
  }
  return { design: { title: base.title, description: base.description, header, sections, logoImageId: input.logoImageId || null }, problem: null };
}

function postsSection(s: HomepageSectionInput, id: string): PostsSection | string {
  const title = (s.title ?? '').trim();
  if (title.length > DESIGN_LIMITS.title) return DESIGN_MESSAGES.title;
  if (!oneOf(SECTION_LAYOUTS, s.layout) || !oneOf(SECTION_SOURCES, s.source)) return DESIGN_MESSAGES.kind;
  const limit = s.limit ?? 6;
  if (!Number.isInteger(limit) || limit < DESIGN_LIMITS.limitMin || limit > DESIGN_LIMITS.limitMax) return DESIGN_MESSAGES.limit;
  // Stories keep their tags as slugs (spec §5), so a section's tags are slugs too.
  const tags = [...new Set((s.tags ?? []).map(slugify).filter(Boolean))];
  if (tags.length > DESIGN_LIMITS.tags || tags.some((t) => t.length > DESIGN_LIMITS.tagLength)) return DESIGN_MESSAGES.tags;
  if (s.source === 'TAG' && tags.length === 0) return DESIGN_MESSAGES.tags;
  return { type: 'POSTS', id, title, layout: s.layout, source: s.source, tags: s.source === 'TAG' ? tags : [], limit };
}

function promotionSection(s: HomepageSectionInput, id: string): PromotionSection | string {
  const backgroundColor = normalizedColor(s.backgroundColor);
  if (backgroundColor === undefined) return DESIGN_MESSAGES.color;
  const headlineText = (s.headlineText ?? '').trim();
  if (!headlineText || headlineText.length > DESIGN_LIMITS.headline) return DESIGN_MESSAGES.headline;
  const buttonText = (s.buttonText ?? '').trim();
  if (!buttonText || buttonText.length > DESIGN_LIMITS.button) return DESIGN_MESSAGES.button;
  const url = (s.url ?? '').trim();
  if (url.length > DESIGN_LIMITS.url || !isPromotionUrl(url)) return DESIGN_MESSAGES.url;
  return { type: 'PROMOTION', id, backgroundColor, headlineText, buttonText, imageId: s.imageId || null, url };
}

/** The images a design names (each must be the editor's upload, or one the publication already shows). */
export function designImageIds(design: HomepageDesign): string[] {
  const ids = [design.header.backgroundImageId, design.logoImageId, ...design.sections.map((s) => (s.type === 'PROMOTION' ? s.imageId : null))];
  return ids.filter((id): id is string => Boolean(id));
}
