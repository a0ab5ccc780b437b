import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../../server/graphql/context.js';
import { listVariantFlags, type FlagValue } from './queries.js';

export const flagsTypeDefs = /* GraphQL */ `
  type VariantFlagBoolean {
    value: Boolean!
  }
  type VariantFlagString {
    value: String!
  }
  type VariantFlagNumber {
    value: Float!
  }
  union VariantFlagValue = VariantFlagBoolean | VariantFlagString | VariantFlagNumber

  "Spec §3 VariantFlag: a name and a boolean, string or number value."
  type VariantFlag {
    name: String!
    valueType: VariantFlagValue!
  }

  extend type Query {
    variantFlags: [VariantFlag!]!
  }
`;

export const flagsResolvers: IResolvers = {
  Query: {
    variantFlags: async (_: unknown, __: unknown, ctx: RequestContext) =>
      (await listVariantFlags(ctx.db)).map((f) => ({ name: f.name, valueType: { value: f.value } })),
  },
  VariantFlagValue: {
    resolveType: (v: { value: FlagValue }) =>
      typeof v.value === 'boolean' ? 'VariantFlagBoolean' : typeof v.value === 'number' ? 'VariantFlagNumber' : 'VariantFlagString',
  },
};
