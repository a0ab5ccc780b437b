import type { PostsSectionData, SectionData } from '../publication-home/PublicationSections.js';

/** A section as the editor holds it: every field as typed (checked by the server on save). */
export interface EditedSection {
  /** The stored id, or a local key for a section not yet saved. */
  key: string;
  id: string | null;
  type: 'POSTS' | 'PROMOTION';
  title: string;
  layout: string;
  source: string;
  tags: string;
  limit: string;
  backgroundColor: string;
  headlineText: string;
  buttonText: string;
  imageId: string | null;
  url: string;
}

export interface EditedDesign {
  size: string;
  color: string;
  backgroundImageId: string | null;
  logoImageId: string | null;
  sections: EditedSection[];
}

let counter = 0;
const localKey = () => `new-${++counter}`;

export const newPostsSection = (): EditedSection => ({ key: localKey(), id: null, type: 'POSTS', title: '', layout: 'GRID', source: 'LATEST', tags: '', limit: '6', backgroundColor: '', headlineText: '', buttonText: '', imageId: null, url: '' });
export const newPromotionSection = (): EditedSection => ({ ...newPostsSection(), type: 'PROMOTION', headlineText: '', buttonText: 'Learn more', url: '' });

export function editedFrom(design: { header: { size: string; color: string | null; backgroundImage: { id: string } | null }; sections: SectionData[] }, logoImageId: string | null): EditedDesign {
  return {
    size: design.header.size,
    color: design.header.color ? `#${design.header.color}` : '',
    backgroundImageId: design.header.backgroundImage?.id ?? null,
    logoImageId,
    sections: design.sections.map((s) =>
      s.__typename === 'PostsSection'
        ? { ...newPostsSection(), key: s.id, id: s.id, title: s.title, layout: s.layout, source: s.source, tags: s.tags.join(', '), limit: String(s.limit) }
        : { ...newPromotionSection(), key: s.id, id: s.id, backgroundColor: s.backgroundColor ? `#${s.backgroundColor}` : '', headlineText: s.headlineText, buttonText: s.buttonText, imageId: s.imageId, url: s.url },
    ),
  };
}

/** The saveHomepageDraft input. */
export function designInput(d: EditedDesign) {
  return {
    header: { size: d.size, color: d.color, backgroundImageId: d.backgroundImageId },
    logoImageId: d.logoImageId,
    sections: d.sections.map((s) =>
      s.type === 'POSTS'
        ? { type: 'POSTS', id: s.id, title: s.title, layout: s.layout, source: s.source, tags: s.tags.split(',').map((t) => t.trim()).filter(Boolean), limit: Number.parseInt(s.limit, 10) || 0 }
        : { type: 'PROMOTION', id: s.id, backgroundColor: s.backgroundColor, headlineText: s.headlineText, buttonText: s.buttonText, imageId: s.imageId, url: s.url },
    ),
  };
}

/** Spec §5 colour check as the editor shows it while typing (the server checks again). */
export const colorProblem = (c: string) => (c.trim() === '' || /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.test(c.trim()) ? null : 'Invalid color string');
const hex = (c: string) => {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(c.trim());
  if (!m) return null;
  return (m[1]!.length === 3 ? [...m[1]!].map((d) => d + d).join('') : m[1]!).toLowerCase();
};

/**
 * The preview's sections: the draft as edited; a posts section shows the stories it showed when
 * the editor opened while its source and tags are unchanged (others show theirs once saved).
 */
export function previewSections(d: EditedDesign, loaded: readonly SectionData[]): SectionData[] {
  const byId = new Map(loaded.map((s) => [s.id, s]));
  return d.sections.map((s) => {
    if (s.type === 'PROMOTION') return { __typename: 'PromotionSection', id: s.key, backgroundColor: hex(s.backgroundColor), headlineText: s.headlineText || 'Your headline', buttonText: s.buttonText || 'Button', imageId: s.imageId, url: s.url };
    const was = s.id ? byId.get(s.id) : undefined;
    const same = was?.__typename === 'PostsSection' && was.source === s.source && was.tags.join(', ') === s.tags;
    const limit = Number.parseInt(s.limit, 10) || 0;
    const posts = same ? (was as PostsSectionData).posts.slice(0, limit) : [];
    return { __typename: 'PostsSection', id: s.key, title: s.title, layout: s.layout, source: s.source, tags: [], limit, hasOverflow: false, posts } satisfies PostsSectionData;
  });
}

export const previewHeaderColor = (d: EditedDesign) => hex(d.color);
