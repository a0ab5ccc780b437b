/**
 * The story email, rendered once per send and variant (whole or preview) and filled with each
 * recipient's links. Minimal stand-in with the rendering module's signature: the story's text
 * paragraphs through the site's transactional email layout, escaped.
 */
import type { Paragraph } from '../../shared/paragraphs.js';
import { renderEmail } from '../../platform/mail/render.js';
import { previewParagraphs } from '../posts/policies.js';
import type { NewsletterType } from './model.js';

export interface StoryEmailInput {
  siteName: string;
  siteOrigin: string;
  newsletter: { name: string; type: NewsletterType };
  post: { id: string; title: string; subtitle: string; url: string; isLocked: boolean; readingTimeMinutes?: number; paragraphs: readonly Paragraph[] };
  author: { name: string; username: string | null; imageUrl?: string | null };
  /** Member-only story to a reader who cannot read it: only the preview. */
  previewOnly: boolean;
}

export interface RecipientLinks {
  unsubscribeUrl: string;
  emailSettingsUrl: string;
}

export interface RenderedStoryEmail {
  subject: string;
  html: string;
  text: string;
}

export function renderStoryEmail(input: StoryEmailInput): { forRecipient(links: RecipientLinks): RenderedStoryEmail } {
  const shown = input.previewOnly ? previewParagraphs(input.post.paragraphs) : input.post.paragraphs;
  const paragraphs = [input.post.subtitle, ...shown.map((p) => p.text ?? '')].filter((t) => t.trim() !== '');
  return {
    forRecipient(links) {
      const body = renderEmail({
        siteName: input.siteName,
        heading: input.post.title,
        paragraphs,
        action: { label: input.previewOnly ? 'Read the rest of this story' : 'Read on the site', url: input.post.url },
        footer: `You get this email because you subscribed to ${input.newsletter.name}. Unsubscribe: ${links.unsubscribeUrl} · Email settings: ${links.emailSettingsUrl}`,
      });
      return { subject: input.post.title, ...body };
    },
  };
}
