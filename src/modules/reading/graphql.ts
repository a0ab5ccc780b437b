import type { IResolvers } from 'mercurius';
import { UnauthorizedError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { readablePost } from '../posts/graphql.js';
import { recordPostRead, type PostReadRow } from './commands.js';

export const readingTypeDefs = /* GraphQL */ `
  "A story in the viewer's reading history."
  type PostRead {
    postId: ID!
    readCount: Int!
    firstReadAt: Float!
    lastReadAt: Float!
  }

  union RecordPostReadResult = PostRead | NotFound

  extend type Mutation {
    "Records that the viewer read a story (the story page sends it once the reader scrolled through half of it or stayed 30 s)."
    recordPostRead(postId: ID!): RecordPostReadResult!
  }
`;

const present = (r: PostReadRow) => ({ __typename: 'PostRead', ...r, firstReadAt: r.firstReadAt.getTime(), lastReadAt: r.lastReadAt.getTime() });

export const readingResolvers: IResolvers = {
  Mutation: {
    recordPostRead: async (_: unknown, args: { postId: string }, ctx: RequestContext) => {
      if (!ctx.viewer) throw new UnauthorizedError('Sign in to keep a reading history.');
      const post = await readablePost(args.postId, ctx);
      if (!post || post.firstPublishedAt === null) return { __typename: 'NotFound', message: 'Post not found.' };
      return present(await recordPostRead(ctx.db, ctx.viewer.id, post.id));
    },
  },
  RecordPostReadResult: { resolveType: (o: { __typename: string }) => o.__typename },
};
