import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { escapeHtml } from './render.js';
import { emailOutbox } from './tables.js';
import { streamSettings } from './providers/create.js';
import type { MailConfig } from './transport.js';

export const DEV_MAILBOX_PATH = '/_/dev/mailbox';
const LIST_LIMIT = 200;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** When a stream's provider is the mailbox, the outbox is where its email goes; DEV_MAILBOX=0 hides it anyway. */
export const devMailboxEnabled = (config: MailConfig): boolean =>
  config.DEV_MAILBOX && (streamSettings('transactional', config).provider === 'mailbox' || streamSettings('bulk', config).provider === 'mailbox');

/**
 * Whether a request comes from this machine. The socket's address, never request.ip:
 * with TRUST_PROXY that is whatever X-Forwarded-For claims. A reverse proxy on the same
 * machine connects from loopback on behalf of everyone, so a request that carries
 * forwarding headers is not local either.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return false;
  return !FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined);
}

/**
 * GET /_/dev/mailbox and /_/dev/mailbox/:id: the email "sent" without SMTP, so sign-in
 * links can be followed in development. It holds those links, so it answers only
 * requests from this machine (404 to anyone else) and is not registered at all when
 * no stream's provider is the mailbox or DEV_MAILBOX=0.
 */
export function registerDevMailbox(app: FastifyInstance, deps: { db: Db; config: MailConfig }): void {
  if (!devMailboxEnabled(deps.config)) return;
  const { db, config } = deps;

  app.get(DEV_MAILBOX_PATH, async (request, reply) => {
    if (!isLocalRequest(request)) return notFound(reply);
    const rows = await db
      .select({ id: emailOutbox.id, to: emailOutbox.toAddress, subject: emailOutbox.subject, kind: emailOutbox.kind, createdAt: emailOutbox.createdAt })
      .from(emailOutbox)
      .where(eq(emailOutbox.deliveredTo, 'mailbox'))
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(LIST_LIMIT);
    const items = rows.map(
      (r) =>
        `<li><a href="${DEV_MAILBOX_PATH}/${r.id}"><span class="subject">${escapeHtml(r.subject)}</span>` +
        `${time(r.createdAt)}<span class="to">To ${escapeHtml(r.to)} · ${escapeHtml(r.kind)}</span></a></li>`,
    );
    const body = rows.length
      ? `<ul class="list">${items.join('')}</ul>`
      : `<p class="empty">No email yet. Email the site sends (sign-in links, codes) appears here.</p>`;
    return html(reply, page(`Mailbox · ${config.SITE_NAME}`, `<h1>Mailbox</h1>${NOTE}${body}`));
  });

  app.get<{ Params: { id: string } }>(`${DEV_MAILBOX_PATH}/:id`, async (request, reply) => {
    // Outbox ids are 12 hex digits; a bulk stream's ids are its own (a delivery's key).
    if (!isLocalRequest(request) || !/^[A-Za-z0-9_-]{1,64}$/.test(request.params.id)) return notFound(reply);
    const [email] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.id, request.params.id), eq(emailOutbox.deliveredTo, 'mailbox')));
    if (!email) return notFound(reply);
    const body = [
      `<p class="back"><a href="${DEV_MAILBOX_PATH}">← All email</a></p>`,
      `<h1>${escapeHtml(email.subject)}</h1>`,
      `<dl class="meta"><dt>To</dt><dd>${escapeHtml(email.toAddress)}</dd><dt>Kind</dt><dd>${escapeHtml(email.kind)}</dd>`,
      `<dt>Sent</dt><dd>${time(email.sentAt ?? email.createdAt)}</dd>`,
      ...Object.entries(email.headers ?? {}).map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd class="header">${escapeHtml(value)}</dd>`),
      `</dl>`,
      `<h2>HTML</h2>`,
      // Sandboxed: no scripts, its own origin; a click on a link opens it in this tab.
      `<iframe title="HTML body" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(targetTop(email.htmlBody))}"></iframe>`,
      `<h2>Text</h2>`,
      `<pre class="text">${linkify(email.textBody)}</pre>`,
    ].join('\n');
    return html(reply, page(`${email.subject} · Mailbox`, body));
  });
}

const NOTE =
  '<p class="note">No mail provider is configured (SMTP_URL, MAIL_TRANSACTIONAL_PROVIDER, MAIL_BULK_PROVIDER), so email is delivered here instead of being sent. Only this machine can open this page.</p>';

function notFound(reply: FastifyReply) {
  return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not Found');
}

function html(reply: FastifyReply, body: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    // Sign-in tokens are in these pages' links: never sent on as a referrer, never framed.
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; frame-ancestors 'none'; form-action 'none'")
    .send(body);
}

const time = (d: Date) => `<time datetime="${d.toISOString()}">${d.toISOString().slice(0, 19).replace('T', ' ')} UTC</time>`;

/** Links in the framed email navigate this tab instead of the small frame. */
function targetTop(emailHtml: string): string {
  const base = '<base target="_top">';
  return /<head[^>]*>/i.test(emailHtml) ? emailHtml.replace(/<head[^>]*>/i, (head) => head + base) : base + emailHtml;
}

/** Escaped text with its http(s) URLs as links. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('');
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;background:#f9f9f9;color:#242424;font:15px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif}
main{max-width:920px;margin:0 auto;padding:28px 20px 56px}
h1{font-size:24px;line-height:1.3;margin:0 0 8px;color:#191919;overflow-wrap:anywhere}
h2{font-size:13px;text-transform:uppercase;letter-spacing:.06em;color:#6b6b6b;margin:28px 0 8px}
a{color:#1a8917}
.note,.empty{color:#6b6b6b;font-size:13px;margin:0 0 20px}
.empty{font-size:15px;padding:32px;text-align:center;background:#fff;border:1px solid #e5e5e5;border-radius:8px}
.list{list-style:none;margin:0;padding:0;background:#fff;border:1px solid #e5e5e5;border-radius:8px;overflow:hidden}
.list li+li{border-top:1px solid #f2f2f2}
.list a{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:2px 16px;padding:12px 16px;color:inherit;text-decoration:none}
.list a:hover{background:#f2f2f2}
.subject{font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.list time{grid-row:span 2;align-self:center}
.to{color:#6b6b6b;font-size:13px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
time{color:#6b6b6b;font-size:13px;white-space:nowrap}
.back{margin:0 0 16px;font-size:14px}
.back a{text-decoration:none}
.meta{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:12px 0 0;font-size:14px}
.meta dt{color:#6b6b6b}
.meta dd{margin:0;overflow-wrap:anywhere}
.meta .header{font:13px/1.6 Menlo,Consolas,'Liberation Mono',monospace}
iframe{display:block;width:100%;height:560px;border:1px solid #e5e5e5;border-radius:8px;background:#fff;resize:vertical}
.text{margin:0;padding:16px;background:#fff;border:1px solid #e5e5e5;border-radius:8px;font:13px/1.6 Menlo,Consolas,'Liberation Mono',monospace;white-space:pre-wrap;overflow-wrap:anywhere}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}
