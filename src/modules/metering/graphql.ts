import type { IResolvers } from 'mercurius';
import { ForbiddenError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { viewerAccess } from '../../shared/routing/access.js';
import { requireSessionViewer } from '../accounts/viewer-guards.js';
import { postUrl } from '../posts/graphql.js';
import type { PostRow } from '../posts/queries.js';
import { FRIEND_LINK_PARAM, friendLinkKey } from './friend-links.js';
import { checkMeteringRule, METERING_MESSAGES, type MeteringRule } from './rule.js';
import { friendLinkSecret, meteringRule, saveMeteringRule } from './settings.js';

export const meteringTypeDefs = /* GraphQL */ `
  "The site's metering rule: free member-only stories for signed-in readers without membership (off by default)."
  type MeteringRule {
    "The monthly allowance is on."
    enabled: Boolean!
    freeStoriesPerMonth: Int!
    "Only stories with one of these tags (slugs) are metered; empty: every member-only story."
    tags: [String!]!
    "A writer's friend link (?sk=…) opens their member-only story to anyone, without counting."
    friendLinks: Boolean!
  }

  input MeteringRuleInput {
    enabled: Boolean!
    freeStoriesPerMonth: Int!
    tags: [String!]!
    friendLinks: Boolean!
  }

  union UpdateMeteringRuleResult = MeteringRule | BadRequest

  "How a reader without membership reads this member-only story whole, or why not (null: not metered)."
  type PostMetering {
    "Opened by the writer's friend link: free, and not counted."
    viaFriendLink: Boolean!
    freeStoriesPerMonth: Int!
    "Free member-only stories left this month after this one (0: the preview, the month's are read); null through a friend link."
    freeStoriesLeft: Int
    "Asked for ahead of a click (a hovered link): no free story was spent and the text is not here; opening the story asks again."
    heldUntilOpened: Boolean!
  }

  extend type PostContent {
    metering: PostMetering
  }

  extend type Post {
    "The author's friend link to their member-only story, when the site allows friend links; null for everyone else."
    friendLink: String
  }

  extend type Query {
    "Staff only."
    meteringRule: MeteringRule!
  }

  extend type Mutation {
    "Staff only: changes the metering rule for every process at once."
    updateMeteringRule(rule: MeteringRuleInput!): UpdateMeteringRuleResult!
  }
`;

type Ctx = RequestContext;

/** Staff (an admin is staff too) with a browser session: a leaked integration token changes no site rule. */
function requireStaff(ctx: Ctx) {
  const viewer = requireSessionViewer(ctx, METERING_MESSAGES.signIn);
  if (!viewerAccess({ isStaff: viewer.isStaff, isAdmin: viewer.isAdmin ?? false })) throw new ForbiddenError(METERING_MESSAGES.staffOnly);
  return viewer;
}

export const meteringResolvers: IResolvers = {
  Query: {
    meteringRule: async (_: unknown, __: unknown, ctx: Ctx) => {
      requireStaff(ctx);
      return meteringRule(ctx.db);
    },
  },
  Mutation: {
    updateMeteringRule: async (_: unknown, args: { rule: MeteringRule }, ctx: Ctx) => {
      const viewer = requireStaff(ctx);
      const checked = checkMeteringRule(args.rule);
      if ('message' in checked) return { __typename: 'BadRequest', message: checked.message };
      await saveMeteringRule(ctx.db, checked.rule, viewer.id);
      return { __typename: 'MeteringRule', ...checked.rule };
    },
  },
  UpdateMeteringRuleResult: { resolveType: (o: { __typename: string }) => o.__typename },
  Post: {
    friendLink: async (p: PostRow, _: unknown, ctx: Ctx) => {
      if (!p.isLocked || p.firstPublishedAt === null || ctx.viewer?.id !== p.creatorId) return null;
      if (!(await meteringRule(ctx.db)).friendLinks) return null;
      const [secret, creator] = await Promise.all([friendLinkSecret(ctx.db), ctx.loaders.userById.load(p.creatorId)]);
      return `${postUrl(ctx, p, creator?.username ?? null)}?${FRIEND_LINK_PARAM}=${friendLinkKey(secret, p.id)}`;
    },
  },
};
