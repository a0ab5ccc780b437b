import pg from 'pg';
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import { contextGql as gql } from './graphql.js';

export interface SeededPublication {
  id: string;
  slug: string;
  name: string;
  /** Story titles, oldest first; each story's first tag is in `tags` at the same index. */
  titles: string[];
  tags: string[];
  featurePageSlug: string;
}

/**
 * A story enters a publication as the approve command puts it there (posts.collection_id);
 * set here directly so the reader journeys do not depend on the submissions flow.
 */
async function putIntoPublication(postIds: string[], publicationId: string): Promise<void> {
  const db = new pg.Client(inject('e2eDatabase'));
  await db.connect();
  try {
    await db.query('update posts set collection_id = $1 where id = any($2::text[])', [publicationId, postIds]);
  } finally {
    await db.end();
  }
}

/**
 * The signed-in owner in `context` creates a publication with three published stories in it
 * (tags Harbour, Harbour, Lighthouse) and a feature page over the Lighthouse tag.
 */
export async function seedPublication(context: BrowserContext, slug: string, name: string): Promise<SeededPublication> {
  const made = await gql<{ createCollection: { collection: { id: string } } }>(
    context,
    'mutation($input: CreateCollectionInput!) { createCollection(input: $input) { ... on CollectionSuccess { collection { id } } } }',
    { input: { name, slug, description: 'Tides, boats and the people of the quay.', tags: ['Harbour'] } },
  );
  const id = made.createCollection.collection.id;
  const stories = [
    { title: 'Morning on the quay', tag: 'Harbour', text: 'The first boats leave before the gulls wake.' },
    { title: 'Nets and knots', tag: 'Harbour', text: 'Every knot on the net has a name and a reason.' },
    { title: 'The lighthouse keeper', tag: 'Lighthouse', text: 'She climbs the hundred steps twice a night.' },
  ];
  const postIds: string[] = [];
  for (const s of stories) {
    const draft = await gql<{ createDraft: { postId: string } }>(
      context,
      'mutation($title: String!, $paragraphs: [ParagraphInput!]!) { createDraft(title: $title, subtitle: "", paragraphs: $paragraphs) { ... on SavedDraft { postId } } }',
      { title: s.title, paragraphs: [{ name: 'p0', type: 'P', text: s.text }] },
    );
    const postId = draft.createDraft.postId;
    const input = { tags: [s.tag], visibility: 'PUBLIC', isLocked: false, allowResponses: true, license: 'ALL_RIGHTS_RESERVED' };
    const published = await gql<{ publishPost: { __typename: string } }>(context, 'mutation($postId: ID!, $input: PublishPostInput!) { publishPost(postId: $postId, input: $input) { __typename } }', { postId, input });
    if (published.publishPost.__typename !== 'Post') {
      throw new Error(`publishPost answered ${published.publishPost.__typename}`);
    }
    postIds.push(postId);
  }
  await putIntoPublication(postIds, id);
  const featurePageSlug = 'lights';
  const page = await gql<{ createFeaturePage: { __typename: string } }>(
    context,
    'mutation($id: ID!, $input: FeaturePageInput!) { createFeaturePage(collectionId: $id, input: $input) { __typename } }',
    { id, input: { slug: featurePageSlug, title: 'Lights of the coast', description: 'Stories of the lighthouses.', tags: ['lighthouse'] } },
  );
  if (page.createFeaturePage.__typename !== 'FeaturePageSuccess') throw new Error(`createFeaturePage answered ${page.createFeaturePage.__typename}`);
  return { id, slug, name, titles: stories.map((s) => s.title), tags: stories.map((s) => s.tag), featurePageSlug };
}
