import type { FastifyInstance } from 'fastify';
import type { IResolvers, MercuriusContext } from 'mercurius';
import { notifyMailers } from '../../platform/mail/index.js';
import { hitAll, type RateLimitRule } from '../../platform/rate-limit/index.js';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../platform/errors/index.js';
import { normalizeRedirect } from '../../shared/redirect.js';
import { CAPTCHA_FAILED_MESSAGE } from '../accounts/captcha.js';
import { limitAuthCall, RATE_LIMITED_MESSAGE, requestIp } from '../accounts/auth-limits.js';
import { normalizeEmail } from '../accounts/validation.js';
import { EMAIL_CONFIRMATION_SENT, subscribeByEmail } from './email-subscribe-commands.js';
import type { UserRow } from '../accounts/queries.js';
import { ownerName } from './commands.js';
import { activeSubscribers } from './subscribers-queries.js';
import { consentNotice, NEWSLETTER_MESSAGES, type NewsletterRow } from './model.js';

/**
 * Spec §7 NewsletterV3PublicationSubscribeByEmail: a visitor without an account (or signed out)
 * subscribes with an address; the answer is SusiMethod(EMAIL_CONFIRMATION_SENT) when the
 * confirmation email went out or nothing needed doing, so it never tells whether an address
 * has an account or a subscription.
 */
export const subscribeTypeDefs = /* GraphQL */ `
  extend type NewsletterV3 {
    "Spec §5 notice shown beside Subscribe (and recorded as the consent): the address is shared with the writer or publication."
    consentNotice: String!
  }
  "An ACTIVE subscriber as the writer sees them; email only when they agreed to share it."
  type NewsletterV3Subscriber {
    id: ID!
    email: String
    name: String
    username: String
    "ONE_CLICK, EMAIL_FORM or IMPORT."
    source: String!
    subscribedAt: Float!
  }
  type NewsletterV3SubscribersPage {
    items: [NewsletterV3Subscriber!]!
    "The cursor of the next page (to), null at the end."
    next: String
  }
  extend type NewsletterV3 {
    "The writer's subscribers, newest first: only the writer of a USER newsletter may read them."
    subscribers(limit: Int = 25, to: String): NewsletterV3SubscribersPage!
  }
  extend type User {
    "Spec §5 notice beside Subscribe on the writer's pages, before their newsletter exists too."
    newsletterConsentNotice: String!
  }

  union NewsletterV3PublicationSubscribeByEmailResult = SusiMethod | BadRequest | FailedChallenge | NotFound

  extend type Mutation {
    "Double opt-in: the address gets a confirmation link; redirect is where that link leads after confirming (a path on this site)."
    newsletterV3PublicationSubscribeByEmail(
      newsletterV3Id: ID!
      email: String!
      redirect: String
      captchaValue: String
      operation: SusiOperation
    ): NewsletterV3PublicationSubscribeByEmailResult!
  }
`;

/** Counted like the sign-in emails (and scaled by AUTH_RATE_LIMIT_FACTOR): per network and per address. */
export const EMAIL_SUBSCRIBE_RATE_LIMITS = {
  perIp: { name: 'newsletter-email:ip', limit: 20, windowMs: 3600_000 },
  perAddress: { name: 'newsletter-email:address', limit: 5, windowMs: 3600_000 },
} satisfies Record<string, RateLimitRule>;

/** A PENDING address gets the confirmation email again at most once per this long. */
export const CONFIRMATION_RESEND: RateLimitRule = { name: 'newsletter-confirm-resend', limit: 1, windowMs: 5 * 60_000 };

/** Only the writer lists or exports their subscribers. */
export const SUBSCRIBERS_ARE_THE_WRITERS = 'Only the writer can see their subscribers.';

/** `{ms}.{id}` of the previous page's last subscriber. */
function readCursor(to: string | null | undefined): { at: Date; id: string } | null {
  const m = to ? /^(\d{1,15})\.([0-9a-f]{12})$/.exec(to) : null;
  if (to && !m) throw new BadRequestError('Invalid cursor.');
  return m ? { at: new Date(Number(m[1])), id: m[2]! } : null;
}

type Args = { newsletterV3Id: string; email: string; redirect?: string | null; captchaValue?: string | null; operation?: string | null };

export const subscribeResolvers: IResolvers = {
  User: {
    newsletterConsentNotice: (u: UserRow) => consentNotice(u.name || u.username || 'the writer'),
  },
  NewsletterV3: {
    consentNotice: async (n: NewsletterRow, _: unknown, ctx: MercuriusContext) => consentNotice(await ownerName(ctx.db, n)),
    subscribers: async (n: NewsletterRow, args: { limit?: number | null; to?: string | null }, ctx: MercuriusContext) => {
      if (!ctx.viewer) throw new UnauthorizedError(NEWSLETTER_MESSAGES.signIn);
      if (n.type !== 'USER' || n.userId !== ctx.viewer.id) throw new ForbiddenError(SUBSCRIBERS_ARE_THE_WRITERS);
      const limit = Math.min(Math.max(args.limit ?? 25, 1), 100);
      const items = await activeSubscribers(ctx.db, n.id, { limit, before: readCursor(args.to) });
      const last = items.length === limit ? items[items.length - 1] : undefined;
      return { items: items.map((i) => ({ ...i, subscribedAt: i.subscribedAt.getTime() })), next: last ? `${last.subscribedAt.getTime()}.${last.id}` : null };
    },
  },
  Mutation: {
    newsletterV3PublicationSubscribeByEmail: async (_: unknown, args: Args, ctx: MercuriusContext) => {
      const app = ctx.app as unknown as FastifyInstance;
      const email = normalizeEmail(args.email);
      const limited = await limitAuthCall(ctx, [
        [EMAIL_SUBSCRIBE_RATE_LIMITS.perIp, requestIp(ctx)],
        [EMAIL_SUBSCRIBE_RATE_LIMITS.perAddress, email],
      ]);
      if (!limited.allowed) return { __typename: 'BadRequest', message: RATE_LIMITED_MESSAGE };
      if (!email) return { __typename: 'BadRequest', message: NEWSLETTER_MESSAGES.invalidEmail };
      if (!(await app.captcha.verify(args.captchaValue, requestIp(ctx)))) {
        return { __typename: 'FailedChallenge', message: CAPTCHA_FAILED_MESSAGE[ctx.config.CAPTCHA_PROVIDER === 'recaptcha' ? 'recaptcha' : 'pow'] };
      }
      const request = ctx.reply?.request;
      const page = request?.headers['inkwell-path'];
      const mayResend = (await hitAll(app.rateLimiter, [[CONFIRMATION_RESEND, `${args.newsletterV3Id}:${email}`]])).allowed;
      const outcome = await subscribeByEmail(ctx.db, {
        newsletterId: args.newsletterV3Id,
        email,
        source: typeof page === 'string' ? page.slice(0, 300) : 'graphql',
        ip: request?.ip ?? null,
        userAgent: request?.headers['user-agent'] ?? null,
        origin: `${ctx.config.PUBLIC_PROTOCOL}://${ctx.config.mainHost}`,
        siteName: ctx.config.SITE_NAME,
        redirect: args.redirect ? normalizeRedirect(args.redirect) : null,
        mayResend,
      });
      if (outcome.kind === 'not-found') return { __typename: 'NotFound', message: outcome.message };
      if (outcome.kind !== 'ok') return { __typename: 'BadRequest', message: outcome.message };
      if (outcome.value.emailed) notifyMailers();
      return { __typename: 'SusiMethod', value: EMAIL_CONFIRMATION_SENT };
    },
  },
  NewsletterV3PublicationSubscribeByEmailResult: { resolveType: (o: { __typename: string }) => o.__typename },
};
