export interface EmailContent {
  siteName: string;
  heading: string;
  paragraphs: string[];
  /** A button, with the URL repeated as text for clients that hide buttons. */
  action?: { label: string; url: string };
  /** A one-time code, shown large and alone. */
  code?: string;
  /** Small print under the message (why you got it, what to do if you did not ask). */
  footer?: string;
  /** Links under the small print (unsubscribe), with their URLs in the text part. */
  footerLinks?: { label: string; url: string }[];
}

export interface RenderedEmail {
  html: string;
  text: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe in text and in quoted attribute values. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Mail clients follow any scheme in href; only web links may reach one. */
export function assertWebUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`renderEmail: the action URL is not an absolute URL: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`renderEmail: the action URL must be http(s): ${url}`);
}

// Inline styles only: most mail clients drop <style> blocks and ignore classes. Colours
// are the site's tokens (src/web), so the email looks like the site it comes from.
const FONT = `-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif`;
const STYLE = {
  body: 'margin:0;padding:0;background:#f9f9f9;',
  outer: `max-width:560px;margin:0 auto;padding:32px 20px;font-family:${FONT};font-size:16px;line-height:1.55;color:#242424;`,
  brand: "font-family:Georgia,Cambria,'Times New Roman',serif;font-size:24px;font-weight:700;color:#191919;margin:0 0 20px;",
  card: 'background:#ffffff;border:1px solid #e5e5e5;border-radius:8px;padding:32px 28px;',
  heading: 'margin:0 0 16px;font-size:24px;line-height:1.3;font-weight:700;color:#191919;',
  paragraph: 'margin:0 0 16px;',
  actionWrap: 'margin:28px 0 12px;',
  button:
    'display:inline-block;background:#1a8917;color:#ffffff;text-decoration:none;font-weight:600;padding:11px 22px;border-radius:99px;',
  fallback: 'margin:0 0 16px;font-size:13px;color:#6b6b6b;word-break:break-all;',
  fallbackLink: 'color:#1a8917;',
  footerLink: 'color:#6b6b6b;text-decoration:underline;',
  code: "margin:24px 0 8px;padding:14px 16px;background:#f2f2f2;border-radius:6px;text-align:center;text-indent:8px;font-family:Menlo,Consolas,'Liberation Mono',monospace;font-size:30px;font-weight:700;letter-spacing:8px;color:#191919;",
  footer: 'margin:20px 4px 0;font-size:13px;line-height:1.5;color:#6b6b6b;',
};

/** The same font and pieces for emails laid out elsewhere (newsletters), so every email looks alike. */
export { FONT as EMAIL_FONT, STYLE as EMAIL_STYLE };

/**
 * One email as HTML and as equivalent plain text (both go out, as multipart/alternative).
 * Every string is text, escaped here; callers never pass markup.
 */
export function renderEmail(content: EmailContent): RenderedEmail {
  const { siteName, heading, paragraphs, action, code, footer, footerLinks = [] } = content;
  if (action) assertWebUrl(action.url);
  for (const link of footerLinks) assertWebUrl(link.url);

  const card: string[] = [`<h1 style="${STYLE.heading}">${escapeHtml(heading)}</h1>`];
  for (const p of paragraphs) card.push(`<p style="${STYLE.paragraph}">${escapeHtml(p)}</p>`);
  if (action) {
    const href = escapeHtml(action.url);
    card.push(
      `<p style="${STYLE.actionWrap}"><a href="${href}" style="${STYLE.button}">${escapeHtml(action.label)}</a></p>`,
      `<p style="${STYLE.fallback}">Or open this link: <a href="${href}" style="${STYLE.fallbackLink}">${href}</a></p>`,
    );
  }
  if (code) card.push(`<p style="${STYLE.code}">${escapeHtml(code)}</p>`);

  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="color-scheme" content="light"><title>${escapeHtml(heading)}</title></head>`,
    `<body style="${STYLE.body}">`,
    `<div style="${STYLE.outer}">`,
    `<p style="${STYLE.brand}">${escapeHtml(siteName)}</p>`,
    `<div style="${STYLE.card}">`,
    ...card,
    '</div>',
    ...(footer ? [`<p style="${STYLE.footer}">${escapeHtml(footer)}</p>`] : []),
    ...(footerLinks.length > 0
      ? [`<p style="${STYLE.footer}">${footerLinks.map((l) => `<a href="${escapeHtml(l.url)}" style="${STYLE.footerLink}">${escapeHtml(l.label)}</a>`).join(' · ')}</p>`]
      : []),
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');

  const blocks = [siteName, heading, ...paragraphs];
  if (action) blocks.push(`${action.label}: ${action.url}`);
  if (code) blocks.push(code);
  const smallPrint = [footer, ...footerLinks.map((l) => `${l.label}: ${l.url}`)].filter(Boolean);
  if (smallPrint.length > 0) blocks.push(`-- \n${smallPrint.join('\n')}`);
  const text = `${blocks.join('\n\n')}\n`;

  return { html, text };
}
