import type { FastifyInstance } from 'fastify';
import type { IResolvers, MercuriusContext } from 'mercurius';
import { CAPTCHA_FAILED_MESSAGE } from './captcha.js';
import { notifyMailers } from '../../platform/mail/index.js';
import { AUTH_RATE_LIMITS, ipLockoutDays, limitAuthCall, RATE_LIMITED_MESSAGE, recordSignInFailure, requestIp } from './auth-limits.js';
import { ipLockoutMessage } from './ip-lockout.js';
import { RateLimitedError } from '../../platform/errors/index.js';
import { emailHasAccount, sendAuthEmail, verifyLoginCode, type AuthOperation } from './email-auth.js';
import type { UserRow } from './queries.js';
import { normalizeEmail, obfuscateEmail } from './validation.js';

/** Cookie naming this browser's pending email sign-in: a code only works where it was asked for. */
export const AUTH_ATTEMPT_COOKIE = 'auth_attempt';

export const authTypeDefs = /* GraphQL */ `
  "Spec §8 server result variants used by the sign-in calls."
  type BadRequest {
    message: String!
  }
  type FailedChallenge {
    message: String!
  }
  type TooManyRequests {
    message: String!
  }
  type RateLimited {
    message: String!
  }
  "How the sign-in continues: EMAIL_LINK_AND_CODE when the email went out."
  type SusiMethod {
    value: String!
  }
  type Token {
    value: String!
  }

  union SendAcctAuthEmailResult = SusiMethod | BadRequest | FailedChallenge | NotFound
  union VerifyLoginCodeResult = Token | BadRequest | NotFound | TooManyRequests | RateLimited

  enum AcctAuthEmailType {
    MAGIC_LINK
    LOGIN_CODE
  }
  enum SusiOperation {
    login
    register
  }

  extend type User {
    "Only for the viewer's own account."
    emailObfuscated: String
  }

  "Spec §7 EmailAvailability, for the sign-up form."
  type EmailAvailability {
    email: String!
    isAvailable: Boolean!
  }

  "Spec §4 captcha: what the sign-up form must solve (pow) or show (reCAPTCHA)."
  type CaptchaChallenge {
    provider: String!
    challenge: String
    difficulty: Int
    siteKey: String
  }

  extend type Query {
    "Rate limited per network: it says whether an address has an account."
    emailAvailability(email: String!): EmailAvailability
    captchaChallenge: CaptchaChallenge!
  }

  extend type Mutation {
    sendAcctAuthEmail(
      email: String!
      redirect: String
      fullName: String
      captchaValue: String
      operation: SusiOperation = login
      type: AcctAuthEmailType = MAGIC_LINK
    ): SendAcctAuthEmailResult!
    verifyLoginCode(loginCode: String!): VerifyLoginCodeResult!
  }
`;

/** Mercurius adds the reply (absent when pages run queries in-process). */
type Ctx = MercuriusContext;

export const authResolvers: IResolvers = {
  Query: {
    captchaChallenge: (_: unknown, __: unknown, ctx: Ctx) => (ctx.app as unknown as FastifyInstance).captcha.challenge(),
    emailAvailability: async (_: unknown, args: { email: string }, ctx: Ctx) => {
      const email = normalizeEmail(args.email);
      if (!email) return null;
      const limited = await limitAuthCall(ctx, [[AUTH_RATE_LIMITS.availabilityPerIp, requestIp(ctx)]]);
      if (!limited.allowed) throw new RateLimitedError(RATE_LIMITED_MESSAGE);
      return { email, isAvailable: !(await emailHasAccount(ctx.db, email)) };
    },
  },
  Mutation: {
    sendAcctAuthEmail: async (
      _: unknown,
      args: { email: string; redirect?: string | null; fullName?: string | null; captchaValue?: string | null; operation?: AuthOperation },
      ctx: Ctx,
    ) => {
      const limited = await limitAuthCall(ctx, [
        [AUTH_RATE_LIMITS.emailPerIp, requestIp(ctx)],
        [AUTH_RATE_LIMITS.emailPerAddress, args.email.trim().toLowerCase()],
      ]);
      if (!limited.allowed) return { __typename: 'BadRequest', message: RATE_LIMITED_MESSAGE };
      // Sign-up asks for the captcha whether or not the address has an account (no enumeration).
      if (args.operation === 'register' && !(await (ctx.app as unknown as FastifyInstance).captcha.verify(args.captchaValue, requestIp(ctx)))) {
        const provider = ctx.config.CAPTCHA_PROVIDER === 'recaptcha' ? 'recaptcha' : 'pow';
        return { __typename: 'FailedChallenge', message: CAPTCHA_FAILED_MESSAGE[provider] };
      }
      const result = await sendAuthEmail(ctx.db, {
        email: args.email,
        operation: args.operation ?? 'login',
        fullName: args.fullName,
        redirect: args.redirect,
        origin: `${ctx.config.PUBLIC_PROTOCOL}://${ctx.config.mainHost}`,
        siteName: ctx.config.SITE_NAME,
      });
      if (result.kind === 'bad-request') return { __typename: 'BadRequest', message: result.message };
      if (result.kind === 'not-found') return { __typename: 'NotFound', message: result.message };
      notifyMailers(); // committed: send now rather than on the next poll
      ctx.reply?.setCookie(AUTH_ATTEMPT_COOKIE, result.attemptId, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.config.PUBLIC_PROTOCOL === 'https',
        maxAge: 24 * 3600,
      });
      return { __typename: 'SusiMethod', value: 'EMAIL_LINK_AND_CODE' };
    },
    verifyLoginCode: async (_: unknown, args: { loginCode: string }, ctx: Ctx) => {
      const limited = await limitAuthCall(ctx, [[AUTH_RATE_LIMITS.codePerIp, requestIp(ctx)]]);
      if (!limited.allowed) return { __typename: 'RateLimited', message: RATE_LIMITED_MESSAGE };
      const days = await ipLockoutDays(ctx);
      if (days) return { __typename: 'RateLimited', message: ipLockoutMessage(days) };
      const attemptId = ctx.reply?.request.cookies[AUTH_ATTEMPT_COOKIE] ?? null;
      const result = await verifyLoginCode(ctx.db, { attemptId, code: args.loginCode });
      switch (result.kind) {
        case 'token':
          return { __typename: 'Token', value: result.token };
        case 'bad-request':
          return { __typename: 'BadRequest', message: result.message };
      }
      await recordSignInFailure(ctx, `attempt:${attemptId ?? 'none'}`);
      switch (result.kind) {
        case 'too-many':
          return { __typename: 'TooManyRequests', message: result.message };
        default:
          return { __typename: 'NotFound', message: result.message };
      }
    },
  },
  SendAcctAuthEmailResult: { resolveType: (o: { __typename: string }) => o.__typename },
  VerifyLoginCodeResult: { resolveType: (o: { __typename: string }) => o.__typename },
  User: {
    emailObfuscated: (u: UserRow, _: unknown, ctx: Ctx) => (ctx.viewer?.id === u.id && u.email ? obfuscateEmail(u.email) : null),
  },
};

