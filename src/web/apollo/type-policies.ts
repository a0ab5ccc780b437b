import type { InMemoryCacheConfig } from '@apollo/client';

type TypePolicies = NonNullable<InMemoryCacheConfig['typePolicies']>;

/**
 * Users are looked up by id or by username (spec §7: written to the cache under both
 * keys). Both lookups read the same normalized User, found through a username index
 * that is kept current as users are written.
 */
export function createTypePolicies(usernameToId: Map<string, string>): TypePolicies {
  return {
    User: {
      fields: {
        username: {
          merge(_existing: unknown, incoming: string | null, { readField }) {
            const id = readField<string>('id');
            if (incoming && id) usernameToId.set(incoming.toLowerCase(), id);
            return incoming;
          },
        },
      },
    },
    Query: {
      fields: {
        userResult: {
          keyArgs: ['username', 'id'],
          read(existing, { args, toReference, canRead }) {
            if (existing) return existing;
            const id = (args?.id as string | undefined) ?? usernameToId.get(String(args?.username ?? '').toLowerCase());
            if (!id) return undefined;
            const ref = toReference({ __typename: 'User', id });
            return ref && canRead(ref) ? ref : undefined;
          },
        },
        post: {
          read(existing, { args, toReference, canRead }) {
            if (existing !== undefined) return existing;
            const ref = args?.id ? toReference({ __typename: 'Post', id: args.id as string }) : undefined;
            return ref && canRead(ref) ? ref : undefined;
          },
        },
      },
    },
  };
}
