import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../../server/graphql/context.js';
import type { Config } from '../../server/config.js';
import { publicationResult, signInToPublish } from '../publications/graphql.js';
import { activateCustomDomain, customDomainOf, type DomainOutcome, type DomainOwner, linkCustomDomain, removeCustomDomain, verifyCustomDomain } from './commands.js';
import type { DnsCheckOptions } from './dns-check.js';
import { liveDomainOf } from './live-domains.js';
import { publicLive } from './collection-domain.js';
import { type CustomDomainRow, dnsRecordsFor, DOMAIN_MESSAGES, isSubdomain } from './model.js';

export const customDomainsTypeDefs = /* GraphQL */ `
  "A DNS record the owner sets at their DNS provider."
  type CustomDomainRecord {
    "CNAME, A, AAAA or TXT."
    type: String!
    name: String!
    value: String!
  }

  extend type CustomDomainLive {
    id: ID!
    "The records to set (for those who manage the domain; empty for readers)."
    records: [CustomDomainRecord!]!
    "When the records were last checked (ms), and what was wrong then (null: nothing)."
    lastCheckedAt: Float
    lastError: String
  }

  extend type User {
    "Spec §3 customDomainState: the viewer's own domain in any state; another user's only when ACTIVE."
    customDomainState: CustomDomainState
  }

  type CustomDomainSuccess {
    customDomainState: CustomDomainState!
  }
  union CustomDomainResult = CustomDomainSuccess | NotFound | BadRequest | Unauthorized | Forbidden | AlreadyExists

  extend type Mutation {
    "Connects a domain to the publication (collectionId) or, without one, to the viewer's profile."
    linkCustomDomain(collectionId: ID, domain: String!): CustomDomainResult!
    "Checks the DNS records; the result's lastError says what is missing."
    verifyCustomDomain(collectionId: ID): CustomDomainResult!
    "VERIFIED → ACTIVE: the domain serves the publication or profile."
    activateCustomDomain(collectionId: ID): CustomDomainResult!
    removeCustomDomain(collectionId: ID): CustomDomainResult!
  }
`;

type Ctx = RequestContext;

export const listOf = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function dnsCheckOptions(config: Pick<Config, 'mainHost' | 'CUSTOM_DOMAIN_ADDRESSES' | 'CUSTOM_DOMAIN_DNS_SERVERS'>): DnsCheckOptions {
  return { mainHost: config.mainHost, addresses: listOf(config.CUSTOM_DOMAIN_ADDRESSES), servers: listOf(config.CUSTOM_DOMAIN_DNS_SERVERS) };
}

/** customDomainState.live for those who manage it: with its records and the last check. */
export function managedLive(row: CustomDomainRow, config: Config) {
  return {
    id: row.id,
    domain: row.domain,
    status: row.state,
    isSubdomain: isSubdomain(row.domain),
    records: dnsRecordsFor(row, config.mainHost, listOf(config.CUSTOM_DOMAIN_ADDRESSES)),
    lastCheckedAt: row.lastCheckedAt ? new Date(row.lastCheckedAt).getTime() : null,
    lastError: row.lastError,
  };
}

const ownerOf = (ctx: Ctx, collectionId: string | null | undefined): DomainOwner => (collectionId ? { kind: 'PUBLICATION', id: collectionId } : { kind: 'USER', id: ctx.viewer!.id });

const answer = (outcome: DomainOutcome, ctx: Ctx) => publicationResult(outcome, (row) => ({ __typename: 'CustomDomainSuccess', customDomainState: { live: row.state === 'DELETED' ? null : managedLive(row, ctx.config) } }));

function command(run: (ctx: Ctx, owner: DomainOwner, a: { domain?: string }) => Promise<DomainOutcome>) {
  return async (_: unknown, a: { collectionId?: string | null; domain?: string }, ctx: Ctx) => {
    if (!ctx.viewer) return { ...signInToPublish, message: DOMAIN_MESSAGES.signIn };
    return answer(await run(ctx, ownerOf(ctx, a.collectionId), a), ctx);
  };
}

export const customDomainsResolvers: IResolvers = {
  Mutation: {
    linkCustomDomain: command((ctx, owner, a) => linkCustomDomain(ctx.db, ctx.viewer!.id, owner, a.domain ?? '', ctx.config.mainHost)),
    verifyCustomDomain: command((ctx, owner) => verifyCustomDomain(ctx.db, ctx.viewer!.id, owner, dnsCheckOptions(ctx.config))),
    activateCustomDomain: command((ctx, owner) => activateCustomDomain(ctx.db, ctx.viewer!.id, owner)),
    removeCustomDomain: command((ctx, owner) => removeCustomDomain(ctx.db, ctx.viewer!.id, owner)),
  },
  CustomDomainResult: { resolveType: (o: { __typename: string }) => o.__typename },
  User: {
    customDomainState: async (u: { id: string }, _: unknown, ctx: Ctx) => {
      if (ctx.viewer?.id === u.id) {
        const row = await customDomainOf(ctx.db, { kind: 'USER', id: u.id });
        return { live: row ? managedLive(row, ctx.config) : null };
      }
      const live = await liveDomainOf(ctx.db, 'USER', u.id);
      return { live: live ? publicLive(live) : null };
    },
  },
};
