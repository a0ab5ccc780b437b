import type { FastifyInstance } from 'fastify';
import type { IResolvers, MercuriusContext } from 'mercurius';
import { openSession } from './auth-http.js';
import { notifySecurityEvent } from './account-lifecycle.js';
import { credentialSummary } from './credentials.js';
import { describeDevice } from './user-agent.js';
import { LOCKOUT_MESSAGES, type FailureOutcome } from './lockout.js';
import { setPassword, signInWithPassword } from './password.js';
import { completeTwoFactorSignIn, confirmTwoFactorSetup, disableTwoFactor, startTwoFactorSetup, type TwoFactorCheck } from './two-factor.js';
import type { UserRow } from './queries.js';
import { normalizeRedirect } from '../../shared/redirect.js';
import { accountEmail, sendAuthEmail } from './email-auth.js';
import { notifyMailers } from '../../platform/mail/index.js';
import { obfuscateEmail } from './validation.js';
import { AUTH_RATE_LIMITS, ipLockoutDays, limitAuthCall, RATE_LIMITED_MESSAGE, recordSignInFailure, requestIp } from './auth-limits.js';
import { ipLockoutMessage } from './ip-lockout.js';
import { requireSessionViewer } from './viewer-guards.js';

export const passwordTypeDefs = /* GraphQL */ `
  "Signed in: the browser has its session cookie; go to redirect."
  type SignedIn {
    redirect: String!
  }
  "The password was right; a two-factor code is needed with this challenge."
  type TwoFactorRequired {
    challenge: String!
  }
  type InvalidPassword {
    message: String!
    attemptsLeft: Int!
  }
  type PasswordSoftLockout {
    message: String!
    minutes: Int!
  }
  type PasswordPermanentLockout {
    message: String!
  }
  type InvalidTwoFactorAuthCode {
    message: String!
    attemptsLeft: Int!
  }
  type TwoFactorAuthSoftLockout {
    message: String!
    minutes: Int!
  }
  type TwoFactorAuthPermanentLockout {
    message: String!
  }
  type MutationSuccess {
    success: Boolean!
  }
  type TwoFactorSetup {
    secret: String!
    otpauthUri: String!
    qrSvg: String!
  }
  type RecoveryCodes {
    codes: [String!]!
  }

  "Spec §8: this network may not sign in with a password or code for a while."
  type IpAuthLockout {
    message: String!
    days: Int!
  }

  union PasswordLoginResult = SignedIn | TwoFactorRequired | InvalidPassword | PasswordSoftLockout | PasswordPermanentLockout | IpAuthLockout | BadRequest
  union TwoFactorSignInResult = SignedIn | InvalidTwoFactorAuthCode | TwoFactorAuthSoftLockout | TwoFactorAuthPermanentLockout | IpAuthLockout | BadRequest
  union SetPasswordResult = MutationSuccess | InvalidPassword | PasswordSoftLockout | PasswordPermanentLockout | ReauthRequired | BadRequest | Unauthorized
  "Setting the password needs the current one, or a sign-in by link or code in the last 10 minutes (sendReauthEmail)."
  type ReauthRequired {
    message: String!
  }
  "A sign-in email went to the viewer's own address, shown obfuscated."
  type ReauthEmailSent {
    emailObfuscated: String!
  }
  union SendReauthEmailResult = ReauthEmailSent | BadRequest | Unauthorized
  union StartTwoFactorSetupResult = TwoFactorSetup | BadRequest
  union ConfirmTwoFactorSetupResult = RecoveryCodes | BadRequest
  union DisableTwoFactorResult = MutationSuccess | InvalidTwoFactorAuthCode | TwoFactorAuthSoftLockout | TwoFactorAuthPermanentLockout | BadRequest

  type Unauthorized {
    message: String!
  }

  extend type User {
    "Only for the viewer's own account."
    hasPassword: Boolean
    twoFactorEnabled: Boolean
  }

  extend type Mutation {
    loginWithPassword(email: String!, password: String!, redirect: String): PasswordLoginResult!
    verifyTwoFactorSignIn(challenge: String!, code: String!): TwoFactorSignInResult!
    setPassword(currentPassword: String, newPassword: String!): SetPasswordResult!
    "Emails the viewer's own address a sign-in link and code that come back to redirect (a path on this site): signing in again lets setPassword go without the current password."
    sendReauthEmail(redirect: String): SendReauthEmailResult!
    startTwoFactorSetup: StartTwoFactorSetupResult!
    confirmTwoFactorSetup(code: String!): ConfirmTwoFactorSetupResult!
    disableTwoFactor(code: String!): DisableTwoFactorResult!
  }
`;

type Ctx = MercuriusContext;

function passwordFailure(outcome: FailureOutcome | { kind: 'permanent' }) {
  if (outcome.kind === 'invalid') return { __typename: 'InvalidPassword', message: LOCKOUT_MESSAGES.invalidPassword(outcome.attemptsLeft), attemptsLeft: outcome.attemptsLeft };
  if (outcome.kind === 'soft') return { __typename: 'PasswordSoftLockout', message: LOCKOUT_MESSAGES.passwordSoftLockout(outcome.minutes), minutes: outcome.minutes };
  return { __typename: 'PasswordPermanentLockout', message: LOCKOUT_MESSAGES.passwordPermanentLockout };
}

function twoFactorFailure(result: Exclude<TwoFactorCheck, { kind: 'ok' }>) {
  if (result.kind === 'bad-request') return { __typename: 'BadRequest', message: result.message };
  if (result.kind === 'invalid') return { __typename: 'InvalidTwoFactorAuthCode', message: LOCKOUT_MESSAGES.invalidTwoFactorCode(result.attemptsLeft), attemptsLeft: result.attemptsLeft };
  if (result.kind === 'soft') return { __typename: 'TwoFactorAuthSoftLockout', message: LOCKOUT_MESSAGES.twoFactorSoftLockout(result.minutes), minutes: result.minutes };
  return { __typename: 'TwoFactorAuthPermanentLockout', message: LOCKOUT_MESSAGES.twoFactorPermanentLockout };
}

/** Where a password sign-in came from, for the reader's own check. */
function signInDetail(ctx: Ctx): string | undefined {
  const request = ctx.reply?.request;
  if (!request) return undefined;
  return `From ${describeDevice(request.headers['user-agent'] ?? '')}, network address ${request.ip}.`;
}

/** Sign-ins set the session cookie on the GraphQL response itself (a same-origin JSON POST). */
async function signIn(ctx: Ctx, userId: string, redirect: string) {
  if (!ctx.reply) throw new Error('Signing in needs an HTTP request.');
  await openSession(ctx.app as unknown as FastifyInstance, ctx.reply.request, ctx.reply, userId);
  return { __typename: 'SignedIn', redirect };
}

/** Password and two-factor are changed from a browser session, never through an integration token. */
const requireViewer = (ctx: Ctx) => requireSessionViewer(ctx, 'Sign in to do this.');

export const passwordResolvers: IResolvers = {
  Mutation: {
    loginWithPassword: async (_: unknown, args: { email: string; password: string; redirect?: string | null }, ctx: Ctx) => {
      const limited = await limitAuthCall(ctx, [[AUTH_RATE_LIMITS.passwordPerIp, requestIp(ctx)]]);
      if (!limited.allowed) return { __typename: 'BadRequest', message: RATE_LIMITED_MESSAGE };
      const days = await ipLockoutDays(ctx);
      if (days) return { __typename: 'IpAuthLockout', message: ipLockoutMessage(days), days };
      const redirect = normalizeRedirect(args.redirect, { sameSiteOrigins: [`${ctx.config.PUBLIC_PROTOCOL}://${ctx.config.mainHost}`] });
      const result = await signInWithPassword(ctx.db, { email: args.email, password: args.password, redirect });
      if (result.kind === 'signed-in') {
        await notifySecurityEvent(ctx.db, result.userId, 'new-sign-in', { siteName: ctx.config.SITE_NAME, detail: signInDetail(ctx) });
        return signIn(ctx, result.userId, redirect);
      }
      if (result.kind === 'two-factor') return { __typename: 'TwoFactorRequired', challenge: result.challenge };
      if (result.kind === 'bad-request') return { __typename: 'BadRequest', message: result.message };
      await recordSignInFailure(ctx, args.email.trim().toLowerCase());
      return passwordFailure(result);
    },
    verifyTwoFactorSignIn: async (_: unknown, args: { challenge: string; code: string }, ctx: Ctx) => {
      const limited = await limitAuthCall(ctx, [[AUTH_RATE_LIMITS.twoFactorPerIp, requestIp(ctx)]]);
      if (!limited.allowed) return { __typename: 'BadRequest', message: RATE_LIMITED_MESSAGE };
      const days = await ipLockoutDays(ctx);
      if (days) return { __typename: 'IpAuthLockout', message: ipLockoutMessage(days), days };
      const result = await completeTwoFactorSignIn(ctx.db, args);
      if (result.kind === 'signed-in') return signIn(ctx, result.userId, result.redirect);
      if (result.kind === 'expired') return { __typename: 'BadRequest', message: 'This sign-in has expired. Please start again.' };
      if (result.kind !== 'bad-request') await recordSignInFailure(ctx, `challenge:${args.challenge.slice(0, 16)}`);
      return twoFactorFailure(result);
    },
    setPassword: async (_: unknown, args: { currentPassword?: string | null; newPassword: string }, ctx: Ctx) => {
      if (!ctx.viewer) return { __typename: 'Unauthorized', message: 'Sign in to set a password.' };
      const viewer = requireViewer(ctx);
      const result = await setPassword(ctx.db, { userId: viewer.id, newPassword: args.newPassword, currentPassword: args.currentPassword, signedInAt: viewer.signedInAt ?? new Date(0) });
      if (result.kind === 'set') {
        await notifySecurityEvent(ctx.db, viewer.id, 'password-set', { siteName: ctx.config.SITE_NAME });
        return { __typename: 'MutationSuccess', success: true };
      }
      if (result.kind === 'reauth-required') return { __typename: 'ReauthRequired', message: result.message };
      if (result.kind === 'bad-request') return { __typename: 'BadRequest', message: result.message };
      return passwordFailure(result);
    },
    sendReauthEmail: async (_: unknown, args: { redirect?: string | null }, ctx: Ctx) => {
      if (!ctx.viewer) return { __typename: 'Unauthorized', message: 'Sign in to do this.' };
      const viewer = requireViewer(ctx);
      const email = await accountEmail(ctx.db, viewer.id);
      if (!email) return { __typename: 'BadRequest', message: 'Your account has no email address to send a sign-in link to.' };
      // The same limits as any sign-in email.
      const limited = await limitAuthCall(ctx, [
        [AUTH_RATE_LIMITS.emailPerIp, requestIp(ctx)],
        [AUTH_RATE_LIMITS.emailPerAddress, email],
      ]);
      if (!limited.allowed) return { __typename: 'BadRequest', message: RATE_LIMITED_MESSAGE };
      const sent = await sendAuthEmail(ctx.db, { email, operation: 'login', redirect: args.redirect, origin: `${ctx.config.PUBLIC_PROTOCOL}://${ctx.config.mainHost}`, siteName: ctx.config.SITE_NAME });
      if (sent.kind !== 'sent') return { __typename: 'BadRequest', message: sent.message };
      notifyMailers(); // committed: send now rather than on the next poll
      return { __typename: 'ReauthEmailSent', emailObfuscated: obfuscateEmail(email) };
    },
    startTwoFactorSetup: async (_: unknown, __: unknown, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const result = await startTwoFactorSetup(ctx.db, { userId: viewer.id, accountLabel: viewer.emailObfuscated ?? viewer.id, issuer: ctx.config.SITE_NAME });
      if ('kind' in result) return { __typename: 'BadRequest', message: 'Two-factor authentication is already on.' };
      return { __typename: 'TwoFactorSetup', ...result };
    },
    confirmTwoFactorSetup: async (_: unknown, args: { code: string }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const result = await confirmTwoFactorSetup(ctx.db, { userId: viewer.id, code: args.code });
      if (result.kind === 'enabled') {
        await notifySecurityEvent(ctx.db, viewer.id, 'two-factor-on', { siteName: ctx.config.SITE_NAME });
        return { __typename: 'RecoveryCodes', codes: result.recoveryCodes };
      }
      if (result.kind === 'invalid') return { __typename: 'BadRequest', message: 'That code did not match. Check the time on your phone and try the newest code.' };
      return { __typename: 'BadRequest', message: 'Start setting up two-factor authentication first.' };
    },
    disableTwoFactor: async (_: unknown, args: { code: string }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const result = await disableTwoFactor(ctx.db, { userId: viewer.id, code: args.code });
      if (result.kind !== 'ok') return twoFactorFailure(result);
      await notifySecurityEvent(ctx.db, viewer.id, 'two-factor-off', { siteName: ctx.config.SITE_NAME });
      return { __typename: 'MutationSuccess', success: true };
    },
  },
  User: {
    hasPassword: async (u: UserRow, _: unknown, ctx: Ctx) => (ctx.viewer?.id === u.id ? (await credentialSummary(ctx.db, u.id)).hasPassword : null),
    twoFactorEnabled: async (u: UserRow, _: unknown, ctx: Ctx) => (ctx.viewer?.id === u.id ? (await credentialSummary(ctx.db, u.id)).twoFactorEnabled : null),
  },
  ...Object.fromEntries(
    ['PasswordLoginResult', 'TwoFactorSignInResult', 'SetPasswordResult', 'StartTwoFactorSetupResult', 'ConfirmTwoFactorSetupResult', 'DisableTwoFactorResult'].map((u) => [
      u,
      { resolveType: (o: { __typename: string }) => o.__typename },
    ]),
  ),
};
