import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './tables.js';

/**
 * An identity at a sign-in provider (OpenID Connect) linked to a user. An identity is its
 * issuer and subject: emails change hands and are not the same across providers, so an
 * account is never found by email alone.
 */
export const connectedAccounts = pgTable(
  'connected_accounts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Name in the provider registry ('google', 'oidc'), for labels and disconnecting. */
    provider: text('provider').notNull(),
    /** The `iss` of the ID token. */
    issuer: text('issuer').notNull(),
    /** The `sub` of the ID token: stable per issuer, unlike the email. */
    subject: text('subject').notNull(),
    /** The address the provider reported at the last sign-in, for display only. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('connected_accounts_identity_idx').on(t.issuer, t.subject),
    // One identity per provider and user, so 'disconnect Google' names one link; it also
    // serves the viewer's list (user_id leads).
    uniqueIndex('connected_accounts_user_provider_idx').on(t.userId, t.provider),
  ],
);

/**
 * This site's client at each Mastodon server a reader signed in through: Mastodon has no
 * central provider, so the site registers itself with a server the first time a reader
 * names it (POST /api/v1/apps) and keeps the credentials for the next readers.
 */
export const mastodonApps = pgTable('mastodon_apps', {
  /** The server's host name (lowercase, with a port when not the default). */
  instance: text('instance').primaryKey(),
  /** Where the app was registered from: a new base URL (another MAIN_HOST) registers again. */
  redirectUri: text('redirect_uri').notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
