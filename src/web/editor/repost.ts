import type { Paragraph } from '../../shared/paragraphs.js';
import { newParagraphName } from './paragraph-doc.js';

/** The reposted story as RepostSourceQuery answers it. */
export type RepostSource = { __typename: string; id?: string; title?: string; mediumUrl?: string; previewImage?: { id: string } | null; extendedPreviewContent?: { subtitle: string } };

/**
 * The repost's draft: a line for the writer's own words, then the reposted story as a
 * link card (MIXTAPE_EMBED) — the card the server would add itself (same link), so a
 * first save that keeps it is not given a second one.
 */
export function repostParagraphs(source: RepostSource): Paragraph[] {
  const taken = new Set<string>();
  const title = source.title ?? '';
  return [
    { name: newParagraphName(taken), type: 'P', text: '', markups: [] },
    {
      name: newParagraphName(taken),
      type: 'MIXTAPE_EMBED',
      text: title,
      markups: [],
      mixtapeMetadata: {
        href: source.mediumUrl ?? '',
        title,
        description: source.extendedPreviewContent?.subtitle ?? '',
        ...(source.previewImage?.id ? { thumbnailImageId: source.previewImage.id } : {}),
      },
    },
  ];
}
