import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { emitDomainEvent } from '../../platform/events/outbox.js';
import { newId } from '../../platform/ids.js';
import { isOwnUpload } from '../media/queries.js';
import { audit, lockWithRole, PublicationRefusal, publicationTransaction, rowsOf, type PublicationOutcome, type Tx } from './commands.js';
import { checkedDesign, designImageIds, DESIGN_MESSAGES, type HomepageDesign, type HomepageDesignInput } from './design-model.js';
import { PUBLICATION_COLUMNS, PUBLICATION_MESSAGES, type PublicationRow } from './model.js';

const cols = sql.raw(PUBLICATION_COLUMNS);
const refuse = (kind: 'bad-request' | 'not-found', message: string): never => {
  throw new PublicationRefusal({ kind, message });
};

/** Images the publication already shows (published or drafted): an editor may keep another editor's. */
function shownImageIds(p: PublicationRow): Set<string> {
  const designs = [p.homepage, p.homepageDraft].filter((d): d is HomepageDesign => Boolean(d));
  return new Set([p.logoImageId, ...designs.flatMap(designImageIds)].filter((id): id is string => Boolean(id)));
}

async function changed(tx: Tx, publicationId: string) {
  await emitDomainEvent(tx, { type: 'publication.changed', payload: { publicationId } });
}

/** /{slug}/design "Save draft": the checked design becomes homepage_draft; readers still see the published one. */
export async function saveHomepageDraft(db: Db, viewerId: string, publicationId: string, input: HomepageDesignInput): Promise<PublicationOutcome> {
  return publicationTransaction(db, async (tx) => {
    const { publication } = await lockWithRole(tx, publicationId, viewerId, 'EDITOR');
    const checked = checkedDesign(input, publication.homepage ?? { title: publication.name, description: publication.description }, () => `s-${newId().slice(0, 8)}`);
    if (!checked.design) return refuse('bad-request', checked.problem);
    const shown = shownImageIds(publication);
    for (const id of designImageIds(checked.design)) if (!shown.has(id) && !(await isOwnUpload(tx as unknown as Db, id, viewerId))) refuse('bad-request', PUBLICATION_MESSAGES.image);
    const [row] = await rowsOf<PublicationRow>(
      tx,
      sql`update publications set homepage_draft = ${JSON.stringify(checked.design)}::jsonb, updated_at = now() where id = ${publicationId} returning ${cols}`,
    );
    await audit(tx, publicationId, viewerId, 'homepage.draft-saved', { sections: checked.design.sections.length });
    return { kind: 'ok', value: row! };
  });
}

/** "Publish": the draft becomes the homepage (and its logo the publication's); nothing is left drafted. */
export async function publishHomepage(db: Db, viewerId: string, publicationId: string): Promise<PublicationOutcome> {
  return publicationTransaction(db, async (tx) => {
    const { publication } = await lockWithRole(tx, publicationId, viewerId, 'EDITOR');
    const draft = publication.homepageDraft as HomepageDesign | null;
    if (!draft) return refuse('bad-request', DESIGN_MESSAGES.noDraft);
    const { logoImageId, ...homepage } = draft;
    const [row] = await rowsOf<PublicationRow>(
      tx,
      sql`update publications set homepage = ${JSON.stringify(homepage)}::jsonb, homepage_draft = null, logo_image_id = ${logoImageId ?? null}, updated_at = now()
        where id = ${publicationId} returning ${cols}`,
    );
    await audit(tx, publicationId, viewerId, 'homepage.published', { sections: homepage.sections.length });
    await changed(tx, publicationId);
    return { kind: 'ok', value: row! };
  });
}

/** "Discard draft": back to editing the published design. */
export async function discardHomepageDraft(db: Db, viewerId: string, publicationId: string): Promise<PublicationOutcome> {
  return publicationTransaction(db, async (tx) => {
    await lockWithRole(tx, publicationId, viewerId, 'EDITOR');
    const [row] = await rowsOf<PublicationRow>(tx, sql`update publications set homepage_draft = null, updated_at = now() where id = ${publicationId} returning ${cols}`);
    await audit(tx, publicationId, viewerId, 'homepage.draft-discarded');
    return { kind: 'ok', value: row! };
  });
}

/** A story listed in the publication (featuring one elsewhere, unpublished or trashed is refused). */
async function assertListedIn(tx: Tx, publicationId: string, postId: string) {
  const [post] = await rowsOf<{ id: string }>(
    tx,
    sql`select id from posts where id = ${postId} and collection_id = ${publicationId} and deleted_at is null and first_published_at is not null and visibility = 'PUBLIC'`,
  );
  if (!post) refuse('not-found', DESIGN_MESSAGES.notInPublication);
}

async function featuringEvent(tx: Tx, publicationId: string, postId: string, kind: 'FEATURED' | 'UNFEATURED', actorId: string) {
  await tx.execute(sql`insert into publication_featuring_events (publication_id, post_id, kind, actor_id) values (${publicationId}, ${postId}, ${kind}, ${actorId})`);
}

/** Spec §3 PublicationFeaturedPost: the story goes last in the featured order. */
export async function featurePost(db: Db, viewerId: string, publicationId: string, postId: string): Promise<PublicationOutcome<string[]>> {
  return publicationTransaction(db, async (tx) => {
    await lockWithRole(tx, publicationId, viewerId, 'EDITOR');
    await assertListedIn(tx, publicationId, postId);
    const inserted = await rowsOf<{ post_id: string }>(
      tx,
      sql`insert into publication_featured_posts (publication_id, post_id, position, featured_by)
        select ${publicationId}, ${postId}, coalesce(max(position), 0) + 1, ${viewerId} from publication_featured_posts where publication_id = ${publicationId}
        on conflict do nothing returning post_id`,
    );
    if (inserted.length === 0) return refuse('bad-request', DESIGN_MESSAGES.alreadyFeatured);
    await featuringEvent(tx, publicationId, postId, 'FEATURED', viewerId);
    await changed(tx, publicationId);
    return { kind: 'ok', value: await featuredOrder(tx, publicationId) };
  });
}

export async function unfeaturePost(db: Db, viewerId: string, publicationId: string, postId: string): Promise<PublicationOutcome<string[]>> {
  return publicationTransaction(db, async (tx) => {
    await lockWithRole(tx, publicationId, viewerId, 'EDITOR');
    const removed = await rowsOf<{ post_id: string }>(tx, sql`delete from publication_featured_posts where publication_id = ${publicationId} and post_id = ${postId} returning post_id`);
    if (removed.length === 0) return refuse('not-found', DESIGN_MESSAGES.notFeatured);
    await featuringEvent(tx, publicationId, postId, 'UNFEATURED', viewerId);
    await changed(tx, publicationId);
    return { kind: 'ok', value: await featuredOrder(tx, publicationId) };
  });
}

/** The editors' new order: every featured story named once (a stale list from another tab is refused). */
export async function reorderFeatured(db: Db, viewerId: string, publicationId: string, postIds: readonly string[]): Promise<PublicationOutcome<string[]>> {
  return publicationTransaction(db, async (tx) => {
    await lockWithRole(tx, publicationId, viewerId, 'EDITOR');
    const current = await featuredOrder(tx, publicationId);
    if (postIds.length !== current.length || new Set(postIds).size !== postIds.length || postIds.some((id) => !current.includes(id))) return refuse('bad-request', DESIGN_MESSAGES.reorder);
    await tx.execute(sql`update publication_featured_posts f set position = o.position from unnest(${sql.param([...postIds])}::text[]) with ordinality as o(post_id, position)
      where f.publication_id = ${publicationId} and f.post_id = o.post_id`);
    await audit(tx, publicationId, viewerId, 'featured.reordered', { postIds });
    await changed(tx, publicationId);
    return { kind: 'ok', value: [...postIds] };
  });
}

async function featuredOrder(tx: Tx, publicationId: string): Promise<string[]> {
  return (await rowsOf<{ post_id: string }>(tx, sql`select post_id from publication_featured_posts where publication_id = ${publicationId} order by position, featured_at`)).map((r) => r.post_id);
}
