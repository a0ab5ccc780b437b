/**
 * The newsletter emails: a published story sent to the newsletter's subscribers, the double
 * opt-in confirmation and the welcome after an import. Pure (no database): the sender renders a
 * story once per send and fills each recipient's links with `forRecipient`.
 *
 * Mail clients are not browsers: the story email is a table layout with inline styles (most
 * clients drop <style> and ignore classes), at most 600px wide, with a hidden preheader. The one
 * <style> block only darkens the colours for clients that support prefers-color-scheme; without
 * it the light colours stay, and clients that invert colours themselves get text and buttons
 * that stay readable (dark text on light, white on the mid-tone accent).
 */
import { consentNotice } from './model.js';
import { randomUUID } from 'node:crypto';
import { assertWebUrl, EMAIL_FONT, EMAIL_STYLE, escapeHtml, renderEmail } from '../../platform/mail/render.js';
import { safeLinkHref } from '../../shared/markups.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import { renderParagraphsHtml, renderParagraphsText, type BodyElement } from '../posts/body-render.js';
import { previewParagraphs } from '../posts/policies.js';
import type { NewsletterType } from './model.js';

export interface StoryEmailInput {
  siteName: string;
  /** 'https://host': image and profile URLs are absolute against it. */
  siteOrigin: string;
  newsletter: { name: string; type: NewsletterType };
  post: {
    id: string;
    title: string;
    subtitle: string;
    /** The story's absolute URL. */
    url: string;
    isLocked: boolean;
    readingTimeMinutes?: number;
    /** The published revision's paragraphs. */
    paragraphs: readonly Paragraph[];
  };
  author: { name: string; username: string | null; imageUrl?: string | null };
  /** Member-only story to a reader who cannot read it: only the preview (the story page's rule, previewParagraphs). */
  previewOnly: boolean;
}

export interface RecipientLinks {
  unsubscribeUrl: string;
  emailSettingsUrl: string;
}

export interface RenderedNewsletterEmail {
  subject: string;
  html: string;
  text: string;
}
export type RenderedStoryEmail = RenderedNewsletterEmail;

const SERIF = "Charter,Georgia,Cambria,'Times New Roman',serif";
const MONO = "Menlo,Monaco,Consolas,'Courier New',monospace";

/** The story page's palette (src/web/styles/tokens.css), and the dark one of the optional <style>. */
const COLOR = {
  page: '#f9f9f9',
  card: '#ffffff',
  border: '#e5e5e5',
  text: '#242424',
  strong: '#191919',
  muted: '#6b6b6b',
  accent: '#1a8917',
  codeBg: '#f2f2f2',
};

const STYLE = {
  body: `margin:0;padding:0;background:${COLOR.page};`,
  preheader: `display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;color:${COLOR.page};`,
  outerCell: `padding:24px 12px;`,
  brand: `${EMAIL_STYLE.brand}margin:0;padding:0 4px 16px;`,
  brandLink: `color:${COLOR.strong};text-decoration:none;`,
  card: `background:${COLOR.card};border:1px solid ${COLOR.border};border-radius:8px;padding:32px 24px;font-family:${EMAIL_FONT};font-size:16px;line-height:1.55;color:${COLOR.text};`,
  kicker: `margin:0 0 12px;font-size:13px;line-height:1.4;font-weight:600;letter-spacing:1px;text-transform:uppercase;color:${COLOR.muted};`,
  title: `margin:0 0 8px;font-family:${EMAIL_FONT};font-size:30px;line-height:1.2;font-weight:700;color:${COLOR.strong};`,
  titleLink: `color:${COLOR.strong};text-decoration:none;`,
  subtitle: `margin:0 0 20px;font-size:20px;line-height:1.4;color:${COLOR.muted};`,
  authorTable: 'margin:0 0 28px;',
  avatarCell: 'padding:0 12px 0 0;vertical-align:middle;',
  avatar: 'display:block;width:40px;height:40px;border-radius:20px;border:0;',
  authorName: `margin:0;font-size:15px;line-height:1.35;font-weight:600;color:${COLOR.strong};`,
  authorLink: `color:${COLOR.strong};text-decoration:none;`,
  authorMeta: `margin:0;font-size:14px;line-height:1.35;color:${COLOR.muted};`,
  notice: `margin:8px 0 0;padding:16px;background:${COLOR.page};border-radius:6px;font-size:15px;line-height:1.5;color:${COLOR.text};`,
  buttonTable: 'margin:28px 0 4px;',
  buttonCell: `border-radius:99px;background:${COLOR.accent};`,
  button: `${EMAIL_STYLE.button}padding:12px 24px;font-family:${EMAIL_FONT};font-size:16px;line-height:1.2;`,
  footer: `margin:0;padding:20px 4px 0;font-family:${EMAIL_FONT};font-size:13px;line-height:1.6;color:${COLOR.muted};`,
  footerLink: `color:${COLOR.muted};text-decoration:underline;`,
};

/** The story body's elements, styled as the story page sets them (a serif reading text). */
const BODY_STYLES: Record<BodyElement, string> = {
  p: `margin:0 0 20px;font-family:${SERIF};font-size:18px;line-height:1.6;`,
  h2: `margin:32px 0 12px;font-family:${EMAIL_FONT};font-size:24px;line-height:1.25;font-weight:700;`,
  h3: `margin:28px 0 10px;font-family:${EMAIL_FONT};font-size:20px;line-height:1.3;font-weight:700;`,
  h4: `margin:24px 0 8px;font-family:${EMAIL_FONT};font-size:17px;line-height:1.3;font-weight:700;`,
  blockquote: `margin:0 0 20px;padding:0 0 0 20px;border-left:3px solid ${COLOR.text};font-family:${SERIF};font-size:18px;line-height:1.6;font-style:italic;`,
  pullquote: `margin:28px 0;padding:0;font-family:${SERIF};font-size:24px;line-height:1.4;font-style:italic;`,
  pre: `margin:0 0 20px;padding:16px;background:${COLOR.codeBg};border-radius:4px;font-family:${MONO};font-size:14px;line-height:1.5;white-space:pre-wrap;word-wrap:break-word;`,
  code: `font-family:${MONO};font-size:15px;background:${COLOR.codeBg};padding:1px 4px;border-radius:3px;`,
  hr: `margin:28px 0;border:0;border-top:1px solid ${COLOR.border};height:0;`,
  figure: 'margin:0 0 24px;padding:0;',
  img: 'display:block;max-width:100%;height:auto;margin:0 auto;border:0;',
  figcaption: `margin:8px 0 0;font-family:${EMAIL_FONT};font-size:14px;line-height:1.4;color:${COLOR.muted};text-align:center;`,
  a: `color:${COLOR.accent};text-decoration:underline;`,
  ul: `margin:0 0 20px;padding:0 0 0 28px;font-family:${SERIF};font-size:18px;line-height:1.6;`,
  ol: `margin:0 0 20px;padding:0 0 0 28px;font-family:${SERIF};font-size:18px;line-height:1.6;`,
  li: 'margin:0 0 8px;',
  embed: `margin:0 0 20px;padding:14px 16px;border:1px solid ${COLOR.border};border-radius:6px;font-family:${EMAIL_FONT};font-size:15px;line-height:1.45;`,
};

/** The card's inner width: 600 less its padding and border. Images are sized for it. */
const CONTENT_WIDTH = 550;

/** Only for clients with prefers-color-scheme (Apple Mail, iOS, Outlook for Mac); safe to strip. */
const DARK_MODE_STYLE = `<style>
:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme: dark){
.ink-page{background:#121212 !important}
.ink-card{background:#1e1e1e !important;border-color:#333333 !important;color:#e6e6e6 !important}
.ink-card h1,.ink-card h1 a,.ink-brand,.ink-brand a,.ink-strong,.ink-strong a{color:#f2f2f2 !important}
.ink-muted,.ink-muted a,.ink-body figcaption{color:#a8a8a8 !important}
.ink-body a{color:#5cc25a !important}
.ink-body pre,.ink-body code,.ink-notice{background:#2a2a2a !important;color:#e6e6e6 !important}
.ink-body blockquote{border-color:#e6e6e6 !important}
}
</style>`;

/** A reading time of N minutes as the story page writes it. */
const readingTime = (minutes: number | undefined): string | null =>
  minutes !== undefined && Number.isFinite(minutes) ? `${Math.max(1, Math.round(minutes))} min read` : null;

/** A header value on one line (a subject is user-written: no line breaks may reach the headers). */
const oneLine = (s: string): string => s.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();

/** An image URL a mail client may load: a site path made absolute, or an http(s) URL. */
function absoluteImageUrl(url: string | null | undefined, origin: string): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return origin + url;
  const href = safeLinkHref(url);
  return href && !href.startsWith('mailto:') ? href : null;
}

/**
 * The links that differ per recipient are left as slots: a random marker per render, which no
 * user-written text can contain, replaced by each recipient's links (escaped for the HTML).
 */
type Slot = keyof RecipientLinks;
const SLOTS: readonly Slot[] = ['unsubscribeUrl', 'emailSettingsUrl'];

function splitAtSlots(rendered: string, marker: string): (string | Slot)[] {
  const parts = rendered.split(new RegExp(`${marker}:(${SLOTS.join('|')}):`));
  // split with a capture group alternates text and slot names.
  return parts.map((part, i) => (i % 2 === 1 ? (part as Slot) : part));
}

function fill(parts: (string | Slot)[], links: RecipientLinks, encode: (s: string) => string): string {
  return parts.map((part, i) => (i % 2 === 1 ? encode(links[part as Slot]) : part)).join('');
}

/**
 * The story email. Renders everything recipients share once; `forRecipient` only checks and
 * fills the unsubscribe and email settings links. A member-only story to a reader who cannot
 * read it carries the story page's preview and never the rest.
 */
export function renderStoryEmail(input: StoryEmailInput): { forRecipient(links: RecipientLinks): RenderedStoryEmail } {
  const { siteName, siteOrigin, newsletter, post, author } = input;
  assertWebUrl(siteOrigin);
  assertWebUrl(post.url);
  const origin = siteOrigin.replace(/\/+$/, '');
  const marker = `\u0000${randomUUID()}`;
  const slot = (name: Slot) => `${marker}:${name}:`;

  const preview = input.previewOnly && post.isLocked;
  const paragraphs = preview ? previewParagraphs(post.paragraphs) : post.paragraphs;
  const subject = oneLine(post.title) || `A new story from ${oneLine(author.name)}`;
  const profileUrl = author.username ? `${origin}/@${encodeURIComponent(author.username)}` : null;
  const avatar = absoluteImageUrl(author.imageUrl, origin);
  const meta = [readingTime(post.readingTimeMinutes), post.isLocked ? 'Member-only story' : null].filter((m): m is string => m !== null);
  const readOn = `Read on ${siteName}`;
  const memberNotice = `This is a member-only story. Read the full story on ${siteName}.`;
  const why = `You're receiving this because you subscribed to ${newsletter.name}.`;

  const body = renderParagraphsText(paragraphs, origin);
  // The subtitle, else the opening words (of what this reader may read).
  const preheader = oneLine(post.subtitle) || oneLine(body).slice(0, 140);

  const e = escapeHtml;
  const authorName = profileUrl ? `<a href="${e(profileUrl)}" style="${STYLE.authorLink}">${e(author.name)}</a>` : e(author.name);
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">',
    `<title>${e(subject)}</title>`,
    DARK_MODE_STYLE,
    '</head>',
    `<body class="ink-page" style="${STYLE.body}">`,
    // What inboxes show after the subject; the padding keeps the body's first words out of it.
    `<div style="${STYLE.preheader}">${e(preheader)}${'&#847;&zwnj;&nbsp;'.repeat(40)}</div>`,
    `<table role="presentation" class="ink-page" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLOR.page}" style="background:${COLOR.page};">`,
    `<tr><td align="center" style="${STYLE.outerCell}">`,
    // Outlook for Windows ignores max-width: a fixed 600px table for it alone.
    '<!--[if mso]><table role="presentation" width="600" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;">',
    `<tr><td class="ink-brand" style="${STYLE.brand}"><a href="${e(origin)}/" style="${STYLE.brandLink}">${e(siteName)}</a></td></tr>`,
    `<tr><td class="ink-card" bgcolor="${COLOR.card}" style="${STYLE.card}">`,
    newsletter.type === 'COLLECTION' ? `<p class="ink-muted" style="${STYLE.kicker}">${e(newsletter.name)}</p>` : '',
    `<h1 style="${STYLE.title}"><a href="${e(post.url)}" style="${STYLE.titleLink}">${e(post.title)}</a></h1>`,
    post.subtitle.trim() ? `<p class="ink-muted" style="${STYLE.subtitle}">${e(post.subtitle)}</p>` : '',
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="${STYLE.authorTable}"><tr>`,
    avatar ? `<td style="${STYLE.avatarCell}"><img src="${e(avatar)}" alt="${e(author.name)}" width="40" height="40" style="${STYLE.avatar}"></td>` : '',
    `<td style="vertical-align:middle;"><p class="ink-strong" style="${STYLE.authorName}">${authorName}</p>`,
    meta.length > 0 ? `<p class="ink-muted" style="${STYLE.authorMeta}">${e(meta.join(' · '))}</p>` : '',
    '</td></tr></table>',
    `<div class="ink-body">${renderParagraphsHtml(paragraphs, { origin, styles: BODY_STYLES, imageColumnWidth: CONTENT_WIDTH })}</div>`,
    preview ? `<p class="ink-notice" style="${STYLE.notice}">${e(memberNotice)}</p>` : '',
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="${STYLE.buttonTable}"><tr>`,
    `<td bgcolor="${COLOR.accent}" style="${STYLE.buttonCell}"><a href="${e(post.url)}" style="${STYLE.button}">${e(readOn)}</a></td>`,
    '</tr></table>',
    '</td></tr>',
    `<tr><td class="ink-muted" style="${STYLE.footer}">${e(why)}<br>`,
    `<a href="${slot('unsubscribeUrl')}" style="${STYLE.footerLink}">Unsubscribe</a> · `,
    `<a href="${slot('emailSettingsUrl')}" style="${STYLE.footerLink}">Email settings</a><br>${e(siteName)}</td></tr>`,
    '</table>',
    '<!--[if mso]></td></tr></table><![endif]-->',
    '</td></tr></table>',
    '</body>',
    '</html>',
  ]
    .filter(Boolean)
    .join('\n');

  const byline = [author.name, ...meta].join(' · ');
  const text = [
    siteName,
    [newsletter.type === 'COLLECTION' ? newsletter.name.toUpperCase() : '', post.title, post.subtitle.trim()].filter(Boolean).join('\n'),
    profileUrl ? `${byline}\n${profileUrl}` : byline,
    body,
    preview ? memberNotice : '',
    `${readOn}: ${post.url}`,
    `-- \n${why}\nUnsubscribe: ${slot('unsubscribeUrl')}\nEmail settings: ${slot('emailSettingsUrl')}`,
  ]
    .filter(Boolean)
    .join('\n\n');

  const htmlParts = splitAtSlots(html, marker);
  const textParts = splitAtSlots(`${text}\n`, marker);
  return {
    forRecipient(links: RecipientLinks): RenderedStoryEmail {
      for (const name of SLOTS) assertWebUrl(links[name]);
      return { subject, html: fill(htmlParts, links, escapeHtml), text: fill(textParts, links, (s) => s) };
    },
  };
}

const namedAfterOwner = (newsletterName: string, ownerName: string) => newsletterName.trim() === ownerName.trim();

/** "Ada's newsletter" when the newsletter is named after its owner (a writer's, by default), else its name. */
function newsletterTitle(newsletterName: string, ownerName: string): string {
  return namedAfterOwner(newsletterName, ownerName) ? `${ownerName}'s newsletter` : newsletterName;
}

/** "Ada's newsletter", or "Weekly Notes from Ada". */
function newsletterLabel(newsletterName: string, ownerName: string): string {
  return namedAfterOwner(newsletterName, ownerName) ? `${ownerName}'s newsletter` : `${newsletterName} from ${ownerName}`;
}

export interface ConfirmationEmailInput {
  newsletterName: string;
  ownerName: string;
  confirmUrl: string;
  siteName: string;
}

/** Double opt-in: nobody subscribed by email receives a story before following this link. */
export function renderConfirmationEmail(input: ConfirmationEmailInput): RenderedNewsletterEmail {
  const { newsletterName, ownerName, confirmUrl, siteName } = input;
  const rendered = renderEmail({
    siteName,
    heading: 'Confirm your subscription',
    paragraphs: [`Please confirm that you want to receive ${newsletterLabel(newsletterName, ownerName)} by email on ${siteName}.`, consentNotice(ownerName)],
    action: { label: 'Confirm subscription', url: confirmUrl },
    footer: "If you didn't ask to subscribe, ignore this email: you won't be subscribed.",
  });
  return { subject: oneLine(`Confirm your subscription to ${newsletterTitle(newsletterName, ownerName)}`), ...rendered };
}

export interface WelcomeEmailInput {
  newsletterName: string;
  ownerName: string;
  unsubscribeUrl: string;
  siteName: string;
}

/** After an import: who added the address, what comes next, and how to leave at once. */
export function renderWelcomeEmail(input: WelcomeEmailInput): RenderedNewsletterEmail {
  const { newsletterName, ownerName, unsubscribeUrl, siteName } = input;
  const rendered = renderEmail({
    siteName,
    heading: `Welcome to ${newsletterTitle(newsletterName, ownerName)}`,
    paragraphs: [
      `${ownerName} added you to ${newsletterLabel(newsletterName, ownerName)} on ${siteName}. Their new stories will arrive in this inbox.`,
      "If you'd rather not receive them, unsubscribe with the link below: one click, no sign-in.",
    ],
    footer: `You're receiving this because ${ownerName} added your address to ${newsletterTitle(newsletterName, ownerName)}.`,
    footerLinks: [{ label: 'Unsubscribe', url: unsubscribeUrl }],
  });
  return { subject: oneLine(`Welcome to ${newsletterTitle(newsletterName, ownerName)}`), ...rendered };
}
