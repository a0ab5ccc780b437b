import type { FastifyInstance } from 'fastify';
import type { IResolvers, MercuriusContext } from 'mercurius';
import { BadRequestError, ForbiddenError, NotFoundError, RateLimitedError, UnauthorizedError } from '../../platform/errors/index.js';
import { notifyMailers } from '../../platform/mail/outbox.js';
import type { RateLimitRule } from '../../platform/rate-limit/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { pageLimit, parseKeysetCursor } from '../posts/pins-cursor.js';
import type { NewsletterOutcome } from './commands.js';
import type { NewsletterRow } from './model.js';
import { newsletterById } from './queries.js';
import { postSendsEmail, sendTestEmail, setPostSendsEmail, SEND_MESSAGES } from './send-commands.js';
import { canSeeSends, sendsPage, writerSendOfPost, type NewsletterSendRow } from './send-queries.js';

/** A writer's test emails: a few to check a story's look, not a way to mail someone. */
export const TEST_EMAIL_RATE_LIMIT: RateLimitRule = { name: 'newsletter-test-email:user', limit: 5, windowMs: 10 * 60_000 };

export const sendTypeDefs = /* GraphQL */ `
  "A story's email to one newsletter's subscribers, and how far it got (README Sending)."
  type NewsletterSend {
    id: ID!
    "QUEUED, SENDING, SENT, SKIPPED (the writer chose not to email it, or it is not public) or FAILED."
    state: String!
    "Why it was SKIPPED or FAILED: opted-out, not-public, post-gone."
    reason: String
    "Emails to send (suppressed addresses are not counted here)."
    recipients: Int!
    sent: Int!
    failed: Int!
    bounced: Int!
    complained: Int!
    unsubscribed: Int!
    "Addresses on the suppression list (earlier bounces and complaints), never mailed."
    suppressed: Int!
    createdAt: Float!
    startedAt: Float
    finishedAt: Float
    post: Post
    newsletter: NewsletterV3
  }
  type NewsletterSendConnection {
    items: [NewsletterSend!]!
    pagingInfo: PagingInfo!
  }
  "The publish dialog's newsletter choice for one story."
  type PostNewsletterEmail {
    "Email the story to the writer's subscribers when it is first published (default true)."
    sendEmail: Boolean!
    "The writer's newsletter's active subscribers."
    subscriberCount: Int!
    "Its send, once published."
    send: NewsletterSend
  }
  type NewsletterTestEmail {
    "What happened, for a toast: where it went."
    message: String!
  }
  extend type Post {
    "The story's email to its writer's newsletter; null for anyone but the writer, and before it is published."
    newsletterSend: NewsletterSend
  }
  extend type EditablePost {
    newsletterEmail: PostNewsletterEmail!
  }
  extend type NewsletterV3 {
    "Its sends, newest first: for its writer or the publication's owner and editors (null for others)."
    sends(paging: PagingOptions): NewsletterSendConnection
  }
  extend type Mutation {
    "The writer's choice for a story not yet published: email it to their subscribers or not."
    setPostNewsletterEmail(postId: ID!, sendEmail: Boolean!): PostNewsletterEmail!
    "The story as subscribers will get it, to the writer's own address only (drafts too)."
    sendTestNewsletterEmail(postId: ID!): NewsletterTestEmail!
  }
`;

type Ctx = RequestContext & Partial<Pick<MercuriusContext, 'app'>>;

function unwrap<T>(outcome: NewsletterOutcome<T>): T {
  if (outcome.kind === 'ok') return outcome.value;
  if (outcome.kind === 'not-found') throw new NotFoundError(outcome.message);
  if (outcome.kind === 'forbidden') throw new ForbiddenError(outcome.message);
  throw new BadRequestError(outcome.message);
}

function signedIn(ctx: Ctx): string {
  if (!ctx.viewer) throw new UnauthorizedError('Sign in to do that.');
  return ctx.viewer.id;
}

const ms = (d: Date | null) => (d ? d.getTime() : null);

async function postNewsletterEmail(ctx: Ctx, postId: string, writerId: string) {
  const n = await ctx.loaders.writerNewsletter.load(writerId);
  return { sendEmail: await postSendsEmail(ctx.db, postId), subscriberCount: n?.subscriberCount ?? 0, send: await writerSendOfPost(ctx.db, postId, writerId) };
}

export const sendResolvers: IResolvers = {
  NewsletterSend: {
    createdAt: (s: NewsletterSendRow) => s.createdAt.getTime(),
    startedAt: (s: NewsletterSendRow) => ms(s.startedAt),
    finishedAt: (s: NewsletterSendRow) => ms(s.finishedAt),
    post: (s: NewsletterSendRow, _: unknown, ctx: Ctx) => ctx.loaders.postWithParagraphsById.load(s.postId),
    newsletter: async (s: NewsletterSendRow, _: unknown, ctx: Ctx) => newsletterById(ctx.db, s.newsletterId),
  },
  Post: {
    newsletterSend: (p: { id: string; creatorId: string }, _: unknown, ctx: Ctx) =>
      ctx.viewer?.id === p.creatorId ? writerSendOfPost(ctx.db, p.id, p.creatorId) : null,
  },
  EditablePost: {
    // EditablePost is only ever its writer's (the editor's queries check it).
    newsletterEmail: (p: { id: string; creatorId: string }, _: unknown, ctx: Ctx) => postNewsletterEmail(ctx, p.id, p.creatorId),
  },
  NewsletterV3: {
    sends: async (n: NewsletterRow, args: { paging?: { limit?: number | null; to?: string | null } | null }, ctx: Ctx) => {
      if (!(await canSeeSends(ctx.db, n, ctx.viewer?.id))) return null;
      const limit = pageLimit(args.paging, 10, 50);
      const page = await sendsPage(ctx.db, n.id, limit, parseKeysetCursor(args.paging?.to, 'sends'));
      return { items: page.items, pagingInfo: { next: page.next ? { limit, to: page.next } : null } };
    },
  },
  Mutation: {
    setPostNewsletterEmail: async (_: unknown, args: { postId: string; sendEmail: boolean }, ctx: Ctx) => {
      const viewerId = signedIn(ctx);
      unwrap(await setPostSendsEmail(ctx.db, viewerId, args.postId, args.sendEmail));
      return postNewsletterEmail(ctx, args.postId, viewerId);
    },
    sendTestNewsletterEmail: async (_: unknown, args: { postId: string }, ctx: Ctx) => {
      const viewerId = signedIn(ctx);
      const limiter = (ctx.app as unknown as FastifyInstance).rateLimiter;
      if (!(await limiter.hit(TEST_EMAIL_RATE_LIMIT, viewerId)).allowed) throw new RateLimitedError(SEND_MESSAGES.tooMany);
      const origin = `${ctx.config.PUBLIC_PROTOCOL}://${ctx.config.mainHost}`;
      const message = unwrap(await sendTestEmail(ctx.db, viewerId, args.postId, { siteName: ctx.config.SITE_NAME, origin }));
      notifyMailers();
      return { message };
    },
  },
};
