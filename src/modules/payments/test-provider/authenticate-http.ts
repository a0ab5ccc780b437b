import { timingSafeEqual } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../../platform/clock.js';
import { escapeHtml } from '../../../platform/mail/render.js';
import { formatMoney } from '../../../shared/membership.js';
import { normalizeRedirect } from '../../../shared/redirect.js';
import { TestPaymentProvider } from './provider.js';
import { AUTHENTICATE_PATH } from './store.js';

export const AUTHENTICATE_MESSAGES = {
  title: 'Test provider: 3-D Secure check',
  explain:
    "This page stands in for your bank's 3-D Secure check. The site runs the built-in test provider: no bank is asked and no real money moves.",
  signIn: 'Sign in as the reader who is paying to answer this check.',
  notFound: 'There is no payment waiting for a check here.',
  answered: 'This payment is no longer waiting for a check.',
  badXsrf: 'This request could not be verified; reload the page and try again.',
  badAnswer: 'Choose Complete or Fail.',
} as const;

const FORM_LIMIT = 4096;

/**
 * GET/POST /_/payments/test/authenticate/{chargeRef}?return=…: the test provider's 3-D Secure
 * page, for a subscription that started incomplete on the 3-D Secure test card. Only the
 * customer's own signed-in user sees the question; the answer is a form POST carrying the
 * session's xsrf token (the cookie alone proves nothing), then a 303 to the return path,
 * normalised to a path on this site. The page has no script, so the site's CSP holds as is.
 */
export async function registerTestPaymentRoutes(app: FastifyInstance, deps: { clock: Clock }): Promise<void> {
  const provider = new TestPaymentProvider({ db: app.db, clock: deps.clock });
  await app.register(async (scope) => {
    // HTML forms post urlencoded bodies; only these routes read them.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
      done(null, parseQuery(String(body)));
    });

    scope.get(`${AUTHENTICATE_PATH}/:chargeRef`, async (request: FastifyRequest<{ Params: { chargeRef: string }; Querystring: { return?: string } }>, reply) => {
      const returnPath = normalizeRedirect(request.query.return);
      if (!request.viewer || !request.session) {
        const signIn = `/m/signin?redirect=${encodeURIComponent(request.url)}`;
        return send(reply, 401, `<p>${escapeHtml(AUTHENTICATE_MESSAGES.signIn)}</p><p><a href="${escapeHtml(signIn)}">Sign in</a></p>`);
      }
      const charge = await provider.authenticationOf(request.params.chargeRef);
      if (!charge || charge.userId !== request.viewer.id) return send(reply, 404, `<p>${escapeHtml(AUTHENTICATE_MESSAGES.notFound)}</p>`);
      if (!charge.pending) return send(reply, 200, `<p>${escapeHtml(AUTHENTICATE_MESSAGES.answered)}</p><p><a href="${escapeHtml(returnPath)}">Continue</a></p>`);
      const action = `${AUTHENTICATE_PATH}/${encodeURIComponent(request.params.chargeRef)}`;
      return send(
        reply,
        200,
        [
          `<p class="amount"><span>${escapeHtml(charge.description)}</span> <strong>${escapeHtml(formatMoney(charge.amount, { fixed: true }))}</strong></p>`,
          `<form method="post" action="${escapeHtml(action)}">`,
          `<input type="hidden" name="xsrf" value="${escapeHtml(request.session.xsrf)}">`,
          `<input type="hidden" name="return" value="${escapeHtml(returnPath)}">`,
          `<button type="submit" name="answer" value="complete" class="complete">Complete</button>`,
          `<button type="submit" name="answer" value="fail" class="fail">Fail</button>`,
          `</form>`,
        ].join('\n'),
      );
    });

    scope.post(`${AUTHENTICATE_PATH}/:chargeRef`, async (request: FastifyRequest<{ Params: { chargeRef: string } }>, reply) => {
      const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      if (!request.viewer || !request.session) return send(reply, 401, `<p>${escapeHtml(AUTHENTICATE_MESSAGES.signIn)}</p>`);
      if (!sameToken(form.xsrf, request.session.xsrf)) return send(reply, 403, `<p>${escapeHtml(AUTHENTICATE_MESSAGES.badXsrf)}</p>`);
      if (form.answer !== 'complete' && form.answer !== 'fail') return send(reply, 400, `<p>${escapeHtml(AUTHENTICATE_MESSAGES.badAnswer)}</p>`);
      const outcome = await provider.answerAuthentication(request.params.chargeRef, request.viewer.id, form.answer);
      if (outcome === 'not-found') return send(reply, 404, `<p>${escapeHtml(AUTHENTICATE_MESSAGES.notFound)}</p>`);
      // Answered before (a second click, a back button): where the reader was going anyway.
      return reply.header('cache-control', 'no-store').redirect(normalizeRedirect(form.return), 303);
    });
  });
}

function sameToken(given: unknown, expected: string): boolean {
  const a = Buffer.from(typeof given === 'string' ? given : '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function send(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(AUTHENTICATE_MESSAGES.title)}</title><style>${CSS}</style></head>` +
        `<body><main><p class="badge">Test mode</p><h1>${escapeHtml(AUTHENTICATE_MESSAGES.title)}</h1><p class="explain">${escapeHtml(AUTHENTICATE_MESSAGES.explain)}</p>${body}</main></body></html>`,
    );
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;background:#f9f9f9;color:#242424;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif}
main{max-width:480px;margin:48px auto;padding:32px 24px;background:#fff;border:1px solid #e5e5e5;border-radius:8px}
h1{font-size:22px;line-height:1.3;margin:0 0 12px;color:#191919}
.badge{display:inline-block;margin:0 0 12px;padding:2px 8px;border-radius:4px;background:#fff4e5;color:#8a4b00;font-size:13px;font-weight:600}
.explain{color:#6b6b6b;font-size:14px}
.amount{display:flex;justify-content:space-between;gap:16px;padding:12px 0;border-top:1px solid #f2f2f2;border-bottom:1px solid #f2f2f2}
form{display:flex;gap:12px;margin-top:24px}
button{flex:1;padding:10px 16px;border-radius:99px;font:inherit;cursor:pointer;border:1px solid #191919}
.complete{background:#191919;color:#fff}
.fail{background:#fff;color:#191919}
a{color:#1a8917}
`;
