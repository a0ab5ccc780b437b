import { ForbiddenError, UnauthorizedError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { dismissedFlagsOf, dismissFlag } from './dismissed-flags.js';
import type { UserRow } from './queries.js';

export const DISMISS_FLAG_MESSAGES = {
  signIn: 'Sign in to do this.',
  notYou: 'You can only dismiss your own flags.',
} as const;

/** Spec §7 DismissFlag: only the reader themselves; an unknown flag is a BadRequest and changes nothing. */
export async function dismissFlagResolver(_: unknown, args: { userId: string; flag: string }, ctx: RequestContext) {
  if (!ctx.viewer) throw new UnauthorizedError(DISMISS_FLAG_MESSAGES.signIn);
  if (args.userId !== ctx.viewer.id) throw new ForbiddenError(DISMISS_FLAG_MESSAGES.notYou);
  await dismissFlag(ctx.db, ctx.viewer.id, args.flag);
  const user = await ctx.loaders.userById.load(ctx.viewer.id);
  if (!user) throw new UnauthorizedError(DISMISS_FLAG_MESSAGES.signIn);
  return user;
}

/** Spec §3 User.dismissableFlags: the viewer's own, in effect now; nobody else's. */
export function dismissableFlagsResolver(u: UserRow, _: unknown, ctx: RequestContext): Promise<string[]> | string[] {
  return ctx.viewer?.id === u.id ? dismissedFlagsOf(ctx.db, u.id) : [];
}
