import type { IResolvers } from 'mercurius';
import { accountsResolvers, accountsTypeDefs } from '../../modules/accounts/graphql.js';
import { authResolvers, authTypeDefs } from '../../modules/accounts/auth-graphql.js';
import { settingsResolvers, settingsTypeDefs } from '../../modules/accounts/settings-graphql.js';
import { passwordResolvers, passwordTypeDefs } from '../../modules/accounts/password-graphql.js';
import { accountResolvers, accountTypeDefs } from '../../modules/accounts/account-graphql.js';
import { socialResolvers, socialTypeDefs } from '../../modules/accounts/social-graphql.js';
import { tokensResolvers, tokensTypeDefs } from '../../modules/accounts/tokens-graphql.js';
import { feedsResolvers, feedsTypeDefs } from '../../modules/feeds/graphql.js';
import { feedResolvers, feedTypeDefs } from '../../modules/feeds/feed-graphql.js';
import { topicsResolvers, topicsTypeDefs } from '../../modules/topics/graphql.js';
import { flagsResolvers, flagsTypeDefs } from '../../modules/flags/graphql.js';
import { postsResolvers, postsTypeDefs } from '../../modules/posts/graphql.js';
import { libraryResolvers, libraryTypeDefs } from '../../modules/posts/library-graphql.js';
import { clapsResolvers, clapsTypeDefs } from '../../modules/claps/graphql.js';
import { quotesResolvers, quotesTypeDefs } from '../../modules/quotes/graphql.js';
import { readingResolvers, readingTypeDefs } from '../../modules/reading/graphql.js';
import { writingResolvers, writingTypeDefs } from '../../modules/posts/writing-graphql.js';
import { writingImportResolvers, writingImportTypeDefs } from '../../modules/posts/writing-import-graphql.js';
import { responsesResolvers, responsesTypeDefs } from '../../modules/posts/responses-graphql.js';
import { notificationsResolvers, notificationsTypeDefs } from '../../modules/notifications/graphql.js';
import { pinsResolvers, pinsTypeDefs } from '../../modules/posts/pins-graphql.js';
import { peopleResolvers, peopleTypeDefs } from '../../modules/social/people-graphql.js';
import { socialGraphResolvers, socialGraphTypeDefs } from '../../modules/social/graphql.js';
import { socialListsResolvers, socialListsTypeDefs } from '../../modules/social/lists-graphql.js';
import { searchResolvers, searchTypeDefs } from '../../modules/search/graphql.js';
import { siteDocumentsResolvers, siteDocumentsTypeDefs } from '../../modules/site-documents/graphql.js';
import { meteringResolvers, meteringTypeDefs } from '../../modules/metering/graphql.js';
import { membershipResolvers, membershipTypeDefs } from '../../modules/membership/graphql.js';
import { giftsResolvers, giftsTypeDefs } from '../../modules/gifts/graphql.js';
import { catalogsResolvers, catalogsTypeDefs } from '../../modules/catalogs/graphql.js';
import { catalogDiscussionResolvers, catalogDiscussionTypeDefs } from '../../modules/catalogs/discussion-graphql.js';
import { seriesResolvers, seriesTypeDefs } from '../../modules/series/graphql.js';
import { publicationsResolvers, publicationsTypeDefs } from '../../modules/publications/graphql.js';
import { designResolvers, designTypeDefs } from '../../modules/publications/design-graphql.js';
import { publicationReaderResolvers, publicationReaderTypeDefs } from '../../modules/publications/reader-graphql.js';
import { statsResolvers, statsTypeDefs } from '../../modules/stats/graphql.js';
import { customDomainsResolvers, customDomainsTypeDefs } from '../../modules/custom-domains/graphql.js';
import { publicationFollowResolvers, publicationFollowTypeDefs } from '../../modules/publications/follow-graphql.js';
import { submissionsResolvers, submissionsTypeDefs } from '../../modules/publications/submission-graphql.js';
import { publicationAdminResolvers, publicationAdminTypeDefs } from '../../modules/publications/admin-graphql.js';
import { newslettersResolvers, newslettersTypeDefs } from '../../modules/newsletters/graphql.js';
import { sendResolvers, sendTypeDefs } from '../../modules/newsletters/send-graphql.js';
import { publicationNewslettersResolvers, publicationNewslettersTypeDefs } from '../../modules/newsletters/publication-graphql.js';
import { audienceResolvers, audienceTypeDefs } from '../../modules/newsletters/audience-graphql.js';
import { emailSettingsResolvers, emailSettingsTypeDefs } from '../../modules/newsletters/email-settings-graphql.js';
import { subscribeResolvers, subscribeTypeDefs } from '../../modules/newsletters/subscribe-graphql.js';
import { newsletterImportResolvers, newsletterImportTypeDefs } from '../../modules/newsletters/import-graphql.js';

const baseTypeDefs = /* GraphQL */ `
  type Query {
    _: Boolean
  }
  type Mutation {
    _: Boolean
  }

  "Spec §8 server result variant."
  type NotFound {
    message: String!
  }
`;

/** Each module's SDL and resolvers, one line per part (a module may have several). */
const parts: { typeDefs: string; resolvers: IResolvers }[] = [
  { typeDefs: accountsTypeDefs, resolvers: accountsResolvers },
  { typeDefs: authTypeDefs, resolvers: authResolvers },
  { typeDefs: settingsTypeDefs, resolvers: settingsResolvers },
  { typeDefs: passwordTypeDefs, resolvers: passwordResolvers },
  { typeDefs: accountTypeDefs, resolvers: accountResolvers },
  { typeDefs: socialTypeDefs, resolvers: socialResolvers },
  { typeDefs: tokensTypeDefs, resolvers: tokensResolvers },
  { typeDefs: postsTypeDefs, resolvers: postsResolvers },
  { typeDefs: writingTypeDefs, resolvers: writingResolvers },
  { typeDefs: writingImportTypeDefs, resolvers: writingImportResolvers },
  { typeDefs: flagsTypeDefs, resolvers: flagsResolvers },
  { typeDefs: feedsTypeDefs, resolvers: feedsResolvers },
  { typeDefs: feedTypeDefs, resolvers: feedResolvers },
  { typeDefs: topicsTypeDefs, resolvers: topicsResolvers },
  { typeDefs: clapsTypeDefs, resolvers: clapsResolvers },
  { typeDefs: quotesTypeDefs, resolvers: quotesResolvers },
  { typeDefs: readingTypeDefs, resolvers: readingResolvers },
  { typeDefs: responsesTypeDefs, resolvers: responsesResolvers },
  { typeDefs: libraryTypeDefs, resolvers: libraryResolvers },
  { typeDefs: socialGraphTypeDefs, resolvers: socialGraphResolvers },
  { typeDefs: socialListsTypeDefs, resolvers: socialListsResolvers },
  { typeDefs: pinsTypeDefs, resolvers: pinsResolvers },
  { typeDefs: peopleTypeDefs, resolvers: peopleResolvers },
  { typeDefs: notificationsTypeDefs, resolvers: notificationsResolvers },
  { typeDefs: searchTypeDefs, resolvers: searchResolvers },
  { typeDefs: siteDocumentsTypeDefs, resolvers: siteDocumentsResolvers },
  { typeDefs: meteringTypeDefs, resolvers: meteringResolvers },
  { typeDefs: membershipTypeDefs, resolvers: membershipResolvers },
  { typeDefs: giftsTypeDefs, resolvers: giftsResolvers },
  { typeDefs: catalogsTypeDefs, resolvers: catalogsResolvers },
  { typeDefs: catalogDiscussionTypeDefs, resolvers: catalogDiscussionResolvers },
  { typeDefs: seriesTypeDefs, resolvers: seriesResolvers },
  { typeDefs: publicationsTypeDefs, resolvers: publicationsResolvers },
  { typeDefs: designTypeDefs, resolvers: designResolvers },
  { typeDefs: publicationReaderTypeDefs, resolvers: publicationReaderResolvers },
  { typeDefs: statsTypeDefs, resolvers: statsResolvers },
  { typeDefs: customDomainsTypeDefs, resolvers: customDomainsResolvers },
  { typeDefs: publicationFollowTypeDefs, resolvers: publicationFollowResolvers },
  { typeDefs: submissionsTypeDefs, resolvers: submissionsResolvers },
  { typeDefs: publicationAdminTypeDefs, resolvers: publicationAdminResolvers },
  { typeDefs: newslettersTypeDefs, resolvers: newslettersResolvers },
  { typeDefs: sendTypeDefs, resolvers: sendResolvers },
  { typeDefs: publicationNewslettersTypeDefs, resolvers: publicationNewslettersResolvers },
  { typeDefs: audienceTypeDefs, resolvers: audienceResolvers },
  { typeDefs: emailSettingsTypeDefs, resolvers: emailSettingsResolvers },
  { typeDefs: subscribeTypeDefs, resolvers: subscribeResolvers },
  { typeDefs: newsletterImportTypeDefs, resolvers: newsletterImportResolvers },
];

/** The one schema: each module contributes its SDL and resolvers. */
export const typeDefs = [baseTypeDefs, ...parts.map((p) => p.typeDefs)].join('\n');

export const resolvers: IResolvers[] = parts.map((p) => p.resolvers);

export function mergeResolvers(list: IResolvers[]): IResolvers {
  const out: Record<string, Record<string, unknown>> = {};
  for (const r of list) {
    for (const [type, fields] of Object.entries(r)) {
      out[type] = { ...(out[type] ?? {}), ...(fields as Record<string, unknown>) };
    }
  }
  return out as IResolvers;
}
