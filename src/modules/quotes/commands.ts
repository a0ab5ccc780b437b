import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { HIGHLIGHTABLE_TYPES, MAX_HIGHLIGHTS_PER_STORY, normalizeHighlightRange } from '../../shared/highlights.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import type { QuoteRow } from './queries.js';
import { quotes } from './tables.js';
import { emitDomainEvent, notifyEventDispatchers } from '../../platform/events/outbox.js';

export const QUOTE_MESSAGES = {
  signIn: 'Sign in to highlight.',
  notFound: 'Post not found.',
  quoteNotFound: 'Highlight not found.',
  paragraph: 'That paragraph is not in the story, or cannot be highlighted.',
  tooMany: `You can keep up to ${MAX_HIGHLIGHTS_PER_STORY} highlights in a story.`,
} as const;

export interface NewQuote {
  postId: string;
  userId: string;
  /** The story's paragraphs as this reader sees them (the preview of a member-only story for a non-member). */
  visibleParagraphs: readonly Paragraph[];
  paragraphName: string;
  startOffset: number;
  endOffset: number;
}

export type CreateQuoteOutcome = { kind: 'created'; quote: QuoteRow } | { kind: 'bad-request'; message: string };

/**
 * Saves a highlight of the published text (the posts row: what readers see), anchored by
 * paragraph name and offsets, with the text as it reads now. Highlighting a passage the
 * reader already highlighted returns that highlight. Invalid input changes nothing.
 */
export async function createQuote(db: Db, input: NewQuote): Promise<CreateQuoteOutcome> {
  const paragraph = input.visibleParagraphs.find((p) => p.name === input.paragraphName);
  if (!paragraph || !HIGHLIGHTABLE_TYPES.has(paragraph.type)) return { kind: 'bad-request', message: QUOTE_MESSAGES.paragraph };
  const range = normalizeHighlightRange(paragraph.text ?? '', input.startOffset, input.endOffset);
  if ('error' in range) return { kind: 'bad-request', message: range.error };
  const mine = and(eq(quotes.postId, input.postId), eq(quotes.userId, input.userId));
  const same = and(mine, eq(quotes.paragraphName, paragraph.name), eq(quotes.startOffset, range.start), eq(quotes.endOffset, range.end));
  return db.transaction(async (tx): Promise<CreateQuoteOutcome> => {
    const [existing] = await tx.select().from(quotes).where(same);
    if (existing) return { kind: 'created', quote: existing };
    const [{ n }] = await tx.select({ n: count() }).from(quotes).where(mine);
    if (n >= MAX_HIGHLIGHTS_PER_STORY) return { kind: 'bad-request', message: QUOTE_MESSAGES.tooMany };
    const [row] = await tx
      .insert(quotes)
      .values({ id: newId(), postId: input.postId, userId: input.userId, paragraphName: paragraph.name, startOffset: range.start, endOffset: range.end, text: paragraph.text.slice(range.start, range.end) })
      .onConflictDoNothing()
      .returning();
    if (row) await emitDomainEvent(tx, { type: 'post.highlighted', payload: { postId: row.postId, userId: row.userId, quoteId: row.id } });
    // A second tab saved the same passage between the two statements: that one is it.
    return { kind: 'created', quote: row ?? (await tx.select().from(quotes).where(same))[0]! };
  }).finally(notifyEventDispatchers);
}

/** Removes one of the reader's own highlights; null when they have no such highlight. */
export async function deleteQuote(db: Db, quoteId: string, userId: string): Promise<QuoteRow | null> {
  const [row] = await db
    .delete(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.userId, userId)))
    .returning();
  return row ?? null;
}
