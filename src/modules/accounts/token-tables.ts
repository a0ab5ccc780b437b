import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './tables.js';

/**
 * Integration tokens (Settings, Security and apps #tokens): a secret a reader hands to a
 * script so it can call the GraphQL API as them. Only the SHA-256 of the secret is kept,
 * so a leaked table cannot be replayed as tokens. A revoked token keeps its row (and its
 * last use) but signs nobody in.
 */
export const integrationTokens = pgTable(
  'integration_tokens',
  {
    /** 12 hex characters: names the token in the UI and in revokeIntegrationToken. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The reader's label, 1-50 characters. */
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most every few minutes, so busy scripts do not write on every call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('integration_tokens_user_idx').on(t.userId)],
);
