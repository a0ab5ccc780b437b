import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { LIMITS } from '../../shared/constants.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import { readingTimeMinutes } from '../../shared/reading-time.js';
import { slugify } from '../../shared/slug.js';
import { quoteById } from '../quotes/queries.js';
import { checkParagraphs, StoryInputError, type ParagraphInput } from './paragraph-input.js';
import { isReadable } from './policies.js';
import { POST_SUMMARY_COLUMNS, type PostRow } from './queries.js';
import { postRevisions, posts } from './tables.js';
import { emitDomainEvent, notifyEventDispatchers } from '../../platform/events/outbox.js';
import { catalogDiscussionState } from '../catalogs/queries.js';

/**
 * Responses (spec §7 threaded responses, §9 thread depth 3). A response is a story of its
 * own: a posts row with inResponseToPostId and responseDepth, published the moment it is
 * written, with revision 1 like any story, so it has a URL, claps and its own responses.
 *
 * Counts: posts.responses_count is the number of responses in a post's thread that readers
 * can see (published, not trashed, not hidden by the parent's author, and not under one
 * that is), replies included, so a story shows 'Responses (N)' for the whole discussion.
 * Every change to a thread locks the thread's root row, then counts again
 * (recountResponseThread): writers of one discussion take turns, so no count goes stale.
 */

export const RESPONSES_CLOSED_MESSAGE = 'The author has closed discussion for this story. We are unable to save changes to your response.';
/** Spec §8, for a list's discussion (its owner locked responses). */
export const LIST_RESPONSES_CLOSED_MESSAGE = 'The author has closed discussion for this list. We are unable to save changes to your response.';
export const EMPTY_RESPONSE_MESSAGE = 'Write something before you respond.';
export const QUOTE_NOT_FOUND_MESSAGE = 'The passage you quoted is no longer in this story.';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

interface Actor {
  id: string;
  isStaff: boolean;
  memberTier?: string | null;
  memberAccessUntil?: Date | null;
}

/** How much of a response becomes its title (lists, the page title, its URL). */
const TITLE_MAX_CHARS = 80;

/**
 * A response has no title of its own; its opening words stand for one wherever a post
 * needs a name (Your stories → responses, the page title, notifications), cut at a word.
 */
export function responseTitle(paragraphs: readonly Paragraph[]): string {
  const first = paragraphs.find((p) => p.text.trim() !== '')?.text.replace(/\s+/g, ' ').trim() ?? '';
  if (first.length <= TITLE_MAX_CHARS) return first;
  const cut = first.slice(0, TITLE_MAX_CHARS + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_MAX_CHARS / 2 ? cut.slice(0, space) : cut.slice(0, TITLE_MAX_CHARS)).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** The post and its ancestors, the story first (at most thread depth + 1 rows). */
type ChainLink = { id: string; allowResponses: boolean; inResponseToCatalogId: string | null };

/**
 * The post and its ancestors, the story first (at most thread depth + 1 rows). In a list's
 * discussion the first is the response to the list (inResponseToCatalogId set).
 */
async function threadChain(db: Executor, postId: string): Promise<ChainLink[]> {
  const res = await db.execute<{ id: string; allow_responses: boolean; in_response_to_catalog_id: string | null }>(sql`
    with recursive up(id, parent_id, allow_responses, catalog_id, hops) as (
      select id, in_response_to_post_id, allow_responses, in_response_to_catalog_id, 0 from posts where id = ${postId}
      union all
      select p.id, p.in_response_to_post_id, p.allow_responses, p.in_response_to_catalog_id, up.hops + 1
      from posts p join up on p.id = up.parent_id
      where up.hops < ${LIMITS.threadDepth + 1}
    )
    select id, allow_responses, catalog_id as in_response_to_catalog_id from up order by hops desc`);
  return res.rows.map((r) => ({ id: r.id, allowResponses: r.allow_responses, inResponseToCatalogId: r.in_response_to_catalog_id }));
}

/**
 * Locks the story row at the top of `postId`'s thread (FOR NO KEY UPDATE: other writers of
 * the thread wait, inserts that only reference the story, such as claps, do not). Take it
 * before changing any row of the thread, so writers of one discussion lock in the same
 * order and never deadlock. Returns the chain, the story first.
 */
export async function lockResponseThread(tx: Tx, postId: string): Promise<ChainLink[]> {
  const chain = await threadChain(tx, postId);
  if (chain.length > 0) await tx.execute(sql`select id from posts where id = ${chain[0]!.id} for no key update`);
  return chain;
}

/**
 * Counts again the responses of `postId` and of every post above it, inside the caller's
 * transaction and after its change. The trash calls this when a response is deleted or
 * restored (with the response's id); publishing, hiding and unhiding call it here.
 * It locks the thread's story row first, so concurrent changes to one discussion queue.
 */
export async function recountResponseThread(tx: Tx, postId: string): Promise<void> {
  const chain = await lockResponseThread(tx, postId);
  if (chain.length === 0) return;
  const ids = chain.map((c) => c.id);
  await tx.execute(sql`
    with recursive visible(ancestor_id, id) as (
      select r.in_response_to_post_id, r.id from posts r
      where r.in_response_to_post_id = any(${sql.param(ids)}::text[])
        and r.deleted_at is null and r.first_published_at is not null and r.hidden_by_parent_author_at is null
      union all
      select visible.ancestor_id, r.id from posts r join visible on r.in_response_to_post_id = visible.id
      where r.deleted_at is null and r.first_published_at is not null and r.hidden_by_parent_author_at is null
    )
    update posts set responses_count = (select count(*) from visible where visible.ancestor_id = posts.id)
    where posts.id = any(${sql.param(ids)}::text[])`);
}

/**
 * A response's body: checked like any story (paragraph-input.ts), then held to what the
 * light response editor writes: plain paragraphs (P) with bold, italic, code and links.
 * Blank paragraphs carry nothing in a response and are dropped. Throws StoryInputError.
 */
export function checkResponseParagraphs(input: readonly ParagraphInput[]): Paragraph[] {
  const checked = checkParagraphs(input);
  const other = checked.findIndex((p) => p.type !== 'P');
  if (other >= 0) throw new StoryInputError(`A response is written in plain paragraphs (P); paragraph ${other + 1} is ${checked[other]!.type}.`);
  const paragraphs = checked.filter((p) => p.text.trim() !== '');
  if (paragraphs.length === 0) throw new StoryInputError(EMPTY_RESPONSE_MESSAGE);
  return paragraphs;
}

export interface PublishResponseInput {
  inResponseToPostId: string;
  paragraphs: Paragraph[];
  inResponseToQuoteId?: string | null;
}

export type PublishResponseOutcome = { kind: 'ok'; postId: string } | { kind: 'not-found' } | { kind: 'bad-request'; message: string };

/**
 * Publishes a response (PUBLIC, revision 1, published now). Depth is the parent's + 1; a
 * reply to a response at the deepest level (3) joins that response's own parent, at depth
 * 3, so threads never nest deeper than the page can show. Every post above it must accept
 * responses, or the spec's 'closed discussion' message comes back and nothing is written.
 * `paragraphs` are already checked (checkResponseParagraphs).
 */
export async function publishResponse(db: Db, actor: Actor, input: PublishResponseInput, now: Date = new Date()): Promise<PublishResponseOutcome> {
  const paragraphs = input.paragraphs;
  if (!paragraphs.some((p) => p.text.trim() !== '')) return { kind: 'bad-request', message: EMPTY_RESPONSE_MESSAGE };
  if (input.inResponseToQuoteId) {
    // A quote is a passage of the post being answered (a highlight's Respond). Quotes do
    // not change once made, so this is read before the transaction.
    const quote = await quoteById(db, input.inResponseToQuoteId);
    if (quote?.postId !== input.inResponseToPostId) return { kind: 'bad-request', message: QUOTE_NOT_FOUND_MESSAGE };
  }
  return db.transaction(async (tx): Promise<PublishResponseOutcome> => {
    const [parent] = await tx.select(POST_SUMMARY_COLUMNS).from(posts).where(eq(posts.id, input.inResponseToPostId));
    if (!parent || !isReadable(parent, actor) || parent.firstPublishedAt === null) return { kind: 'not-found' };
    const attachTo = await attachTarget(tx, parent);
    if (!attachTo) return { kind: 'not-found' };
    // Lock the story row before reading the flags that decide: a story closing its
    // discussion right now either lands first (we refuse) or waits for this response.
    const chain = await lockResponseThread(tx, attachTo.id);
    const flags = await tx.select({ allowResponses: posts.allowResponses }).from(posts).where(inArray(posts.id, chain.map((c) => c.id)));
    if (flags.some((f) => !f.allowResponses)) return { kind: 'bad-request', message: RESPONSES_CLOSED_MESSAGE };
    // A reply in a list's discussion: the list decides (its owner may have locked it, or made it private).
    const listId = chain[0]?.inResponseToCatalogId;
    if (listId) {
      const state = await catalogDiscussionState(tx, listId, actor.id);
      if (state === 'not-found') return { kind: 'not-found' };
      if (state === 'closed') return { kind: 'bad-request', message: LIST_RESPONSES_CLOSED_MESSAGE };
    }
    const id = await insertResponseRow(tx, actor.id, {
      paragraphs,
      inResponseToPostId: attachTo.id,
      responseDepth: Math.min(attachTo.responseDepth + 1, LIMITS.threadDepth),
      inResponseToQuoteId: input.inResponseToQuoteId ?? null,
      now,
    });
    await recountResponseThread(tx, id);
    await emitDomainEvent(tx, { type: 'post.responded', payload: { responseId: id, creatorId: actor.id, parentPostId: attachTo.id } });
    return { kind: 'ok', postId: id };
  }).finally(notifyEventDispatchers);
}

/**
 * Writes a response, published now, as revision 1 (PUBLIC, titled by its opening words),
 * inside the caller's transaction, which has locked its thread and checked it is open.
 * Exactly one of inResponseToPostId and inResponseToCatalogId is set.
 */
export async function insertResponseRow(
  tx: Tx,
  creatorId: string,
  r: { paragraphs: Paragraph[]; inResponseToPostId?: string | null; inResponseToCatalogId?: string | null; responseDepth: number; inResponseToQuoteId?: string | null; now: Date },
): Promise<string> {
  const id = newId();
  const title = responseTitle(r.paragraphs);
  await tx.insert(posts).values({
    id,
    creatorId,
    title,
    subtitle: '',
    slug: slugify(title).split('-').slice(0, 8).join('-'),
    visibility: 'PUBLIC',
    inResponseToPostId: r.inResponseToPostId ?? null,
    inResponseToCatalogId: r.inResponseToCatalogId ?? null,
    responseDepth: r.responseDepth,
    inResponseToQuoteId: r.inResponseToQuoteId ?? null,
    paragraphs: r.paragraphs,
    latestRev: 1,
    publishedRev: 1,
    readingTime: readingTimeMinutes(r.paragraphs, '', ''),
    firstPublishedAt: r.now,
    latestPublishedAt: r.now,
    createdAt: r.now,
    updatedAt: r.now,
  });
  await tx.insert(postRevisions).values({ postId: id, rev: 1, title, subtitle: '', paragraphs: r.paragraphs, publishedAt: r.now, createdAt: r.now });
  return id;
}

/** Where a reply to `parent` goes: the parent itself, or for the deepest level, its parent. */
async function attachTarget(tx: Tx, parent: PostRow): Promise<Pick<PostRow, 'id' | 'responseDepth'> | null> {
  if (parent.responseDepth < LIMITS.threadDepth || !parent.inResponseToPostId) return parent;
  const [grand] = await tx.select({ id: posts.id, responseDepth: posts.responseDepth, deletedAt: posts.deletedAt }).from(posts).where(eq(posts.id, parent.inResponseToPostId));
  return grand && !grand.deletedAt ? grand : null;
}

export type HideOutcome = { kind: 'ok'; response: PostRow } | { kind: 'not-found' } | { kind: 'forbidden' };

/**
 * Hides (or shows again: UnhidePostResponseOnParentPost) a response on the post it answers.
 * Only that post's author may; staff moderate elsewhere. Hiding what is hidden keeps the
 * first date; the counts follow in the same transaction.
 */
export async function setResponseHidden(db: Db, actor: Actor, parentPostId: string, responseId: string, hidden: boolean, now: Date = new Date()): Promise<HideOutcome> {
  return db.transaction(async (tx) => {
    const [parent] = await tx.select(POST_SUMMARY_COLUMNS).from(posts).where(eq(posts.id, parentPostId));
    if (!parent || !isReadable(parent, actor)) return { kind: 'not-found' };
    const [response] = await tx.select(POST_SUMMARY_COLUMNS).from(posts).where(eq(posts.id, responseId));
    if (!response || response.inResponseToPostId !== parent.id || response.deletedAt) return { kind: 'not-found' };
    if (parent.creatorId !== actor.id) return { kind: 'forbidden' };
    if (Boolean(response.hiddenByParentAuthorAt) === hidden) return { kind: 'ok', response };
    await lockResponseThread(tx, parent.id);
    const [updated] = await tx
      .update(posts)
      .set({ hiddenByParentAuthorAt: hidden ? now : null })
      .where(eq(posts.id, response.id))
      .returning(POST_SUMMARY_COLUMNS);
    await recountResponseThread(tx, response.id);
    return { kind: 'ok', response: updated! };
  });
}

/**
 * Hides (or shows again: ShowCatalogResponseOnParent) a response to a list. The caller has
 * checked that the viewer owns the list. The response's own count does not move (its
 * replies stay under it); the list's count is read from its responses (catalogResponsesCount).
 */
export async function setCatalogResponseHidden(db: Db, catalogId: string, responseId: string, hidden: boolean, now: Date = new Date()): Promise<HideOutcome> {
  return db.transaction(async (tx) => {
    await lockResponseThread(tx, responseId);
    const [response] = await tx.select(POST_SUMMARY_COLUMNS).from(posts).where(eq(posts.id, responseId));
    if (!response || response.inResponseToCatalogId !== catalogId || response.deletedAt) return { kind: 'not-found' };
    if (Boolean(response.hiddenByParentAuthorAt) === hidden) return { kind: 'ok', response };
    const [updated] = await tx
      .update(posts)
      .set({ hiddenByParentAuthorAt: hidden ? now : null })
      .where(eq(posts.id, response.id))
      .returning(POST_SUMMARY_COLUMNS);
    return { kind: 'ok', response: updated! };
  });
}
