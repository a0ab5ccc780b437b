import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Spec §3 VariantFlag: a name and a boolean, string or number value. */
export const variantFlags = pgTable('variant_flags', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<boolean | string | number>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
