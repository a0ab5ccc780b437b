import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import { readableParagraphs } from '../../shared/paragraphs.js';
import { renderStoryEmail, type RecipientLinks, type RenderedStoryEmail } from './email-render.js';
import type { NewsletterType } from './model.js';

type Rendering = { forRecipient(links: RecipientLinks): RenderedStoryEmail };

/** A send's story, rendered once: whole, and (member-only stories) the preview for readers without member access. */
export interface StoryEmails {
  newsletterId: string;
  listName: string;
  isLocked: boolean;
  whole: Rendering;
  preview: Rendering;
}

export interface StoryFacts {
  newsletter_id: string;
  newsletter_name: string;
  newsletter_type: NewsletterType;
  post_id: string;
  title: string;
  subtitle: string;
  slug: string;
  is_locked: boolean;
  reading_time: number;
  paragraphs: Paragraph[];
  author_name: string;
  username: string | null;
  collection_slug: string | null;
}

/** The story as readers see it (its published revision), with its newsletter and writer; null once it is gone. */
export async function storyFacts(db: Db, where: { sendId: string } | { postId: string; newsletterId: string }): Promise<StoryFacts | null> {
  const cond = 'sendId' in where ? sql`ns.id = ${where.sendId}` : sql`n.id = ${where.newsletterId} and p.id = ${where.postId}`;
  const from = 'sendId' in where ? sql`newsletter_sends ns join newsletters n on n.id = ns.newsletter_id join posts p on p.id = ns.post_id` : sql`newsletters n, posts p`;
  const { rows } = await db.execute<StoryFacts & Record<string, unknown>>(sql`
    select n.id as newsletter_id, n.name as newsletter_name, n.type as newsletter_type, p.id as post_id, p.title, p.subtitle, p.slug,
      p.is_locked, p.reading_time, p.paragraphs, coalesce(nullif(u.name, ''), u.username, '') as author_name, u.username, c.slug as collection_slug
    from ${from} join users u on u.id = p.creator_id left join publications c on c.id = p.collection_id
    where ${cond} and p.deleted_at is null`);
  return rows[0] ?? null;
}

/** Both renderings of a story for one newsletter. */
export function renderStory(f: StoryFacts, site: { siteName: string; origin: string }): StoryEmails {
  const path = `${f.slug ? `${f.slug}-` : ''}${f.post_id}`;
  const url = f.collection_slug ? `${site.origin}/${f.collection_slug}/${path}` : f.username ? `${site.origin}/@${f.username}/${path}` : `${site.origin}/p/${f.post_id}`;
  const input = (previewOnly: boolean) =>
    renderStoryEmail({
      siteName: site.siteName,
      siteOrigin: site.origin,
      newsletter: { name: f.newsletter_name, type: f.newsletter_type },
      post: { id: f.post_id, title: f.title, subtitle: f.subtitle, url, isLocked: f.is_locked, readingTimeMinutes: Math.max(1, Math.round(f.reading_time)), paragraphs: readableParagraphs(f.paragraphs) },
      author: { name: f.author_name, username: f.username },
      previewOnly,
    });
  const whole = input(false);
  return { newsletterId: f.newsletter_id, listName: f.newsletter_name, isLocked: f.is_locked, whole, preview: f.is_locked ? input(true) : whole };
}

// A few sends at a time go out per process; each keeps its renderings until it finishes.
const kept = new Map<string, StoryEmails>();
const KEPT_SENDS = 16;

export async function storyEmailFor(db: Db, sendId: string, site: { siteName: string; origin: string }): Promise<StoryEmails | null> {
  const hit = kept.get(sendId);
  if (hit) return hit;
  const facts = await storyFacts(db, { sendId });
  if (!facts) return null;
  const emails = renderStory(facts, site);
  if (kept.size >= KEPT_SENDS) kept.delete(kept.keys().next().value!);
  kept.set(sendId, emails);
  return emails;
}

export const forgetStoryEmails = (sendId: string): void => void kept.delete(sendId);
