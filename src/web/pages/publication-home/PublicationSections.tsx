import type { CSSProperties } from 'react';
import { PostCard, type PostPreview } from '../../components/post-card/PostCard.js';
import { imageUrl } from '../../lib/image-url.js';
import { Link } from '../../router/Link.js';
import styles from './PublicationSections.module.css';

export interface PostsSectionData {
  __typename: 'PostsSection';
  id: string;
  title: string;
  layout: string;
  source: string;
  tags: string[];
  limit: number;
  hasOverflow: boolean;
  posts: PostPreview[];
}
export interface PromotionSectionData {
  __typename: 'PromotionSection';
  id: string;
  backgroundColor: string | null;
  headlineText: string;
  buttonText: string;
  imageId: string | null;
  url: string;
}
export type SectionData = PostsSectionData | PromotionSectionData;

/** A stored colour (six hex digits) as CSS; anything else is not applied. */
export const cssColor = (hex: string | null | undefined) => (hex && /^[0-9a-f]{6}$/i.test(hex) ? `#${hex}` : undefined);

/**
 * A publication's homepage sections in order: posts sections in their layout (GRID: compact
 * cards in columns; LIST: compact cards one under another; STREAM: full cards) with "See all"
 * when there are more, and promotion sections. `base` is where the publication's pages are here.
 */
export function PublicationSections({ sections, base, emptyPosts }: { sections: readonly SectionData[]; base: string; emptyPosts?: (s: PostsSectionData) => string }) {
  return (
    <div className={styles.sections}>
      {sections.map((s) => (s.__typename === 'PostsSection' ? <PostsSectionView key={s.id} section={s} base={base} empty={emptyPosts?.(s)} /> : <PromotionView key={s.id} section={s} />))}
    </div>
  );
}

function PostsSectionView({ section, base, empty }: { section: PostsSectionData; base: string; empty?: string }) {
  const headingId = `section-${section.id}`;
  return (
    <section className={styles.posts} aria-labelledby={section.title ? headingId : undefined} data-testid="posts-section" data-layout={section.layout}>
      {(section.title || section.hasOverflow) && (
        <div className={styles.heading}>
          {section.title && (
            <h2 id={headingId} className={styles.title}>
              {section.title}
            </h2>
          )}
          {section.hasOverflow && (
            <Link href={`${base}/home/${encodeURIComponent(section.id)}`} className={styles.seeAll} aria-label={section.title ? `See all: ${section.title}` : 'See all'}>
              See all
            </Link>
          )}
        </div>
      )}
      {section.posts.length === 0 ? (
        <p className={styles.empty}>{empty ?? 'No stories here yet.'}</p>
      ) : (
        <div className={section.layout === 'GRID' ? styles.grid : styles.list}>
          {section.posts.map((p) => (
            <PostCard key={p.id} post={p} compact={section.layout !== 'STREAM'} />
          ))}
        </div>
      )}
    </section>
  );
}

/** Where a promotion's button may lead (http(s) or a site path, as the design commands check); else nowhere. */
function promotionHref(url: string): { href: string; external: boolean } | null {
  if (url.startsWith('/') && !url.startsWith('//')) return { href: url, external: false };
  return /^https?:\/\//i.test(url) ? { href: url, external: true } : null;
}

function PromotionView({ section }: { section: PromotionSectionData }) {
  const background = cssColor(section.backgroundColor);
  const style: CSSProperties = background ? { backgroundColor: background } : {};
  const link = promotionHref(section.url);
  return (
    <section className={styles.promotion} style={style} data-themed={background ? '' : undefined} data-testid="promotion-section" aria-label={section.headlineText}>
      {section.imageId && <img className={styles.promotionImage} src={imageUrl(section.imageId, 320, 200)} alt="" loading="lazy" />}
      <div className={styles.promotionText}>
        <p className={styles.headline}>{section.headlineText}</p>
        {link &&
          (link.external ? (
            <a className={styles.button} href={link.href} rel="ugc nofollow">
              {section.buttonText}
            </a>
          ) : (
            <Link className={styles.button} href={link.href}>
              {section.buttonText}
            </Link>
          ))}
      </div>
    </section>
  );
}
