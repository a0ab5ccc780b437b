/** Every module's tables, for drizzle-kit and the typed client. */
export * from '../../modules/accounts/tables.js';
export * from '../../modules/accounts/auth-tables.js';
export * from '../../modules/accounts/credential-tables.js';
export * from '../../modules/accounts/connected-account-tables.js';
export * from '../../modules/accounts/token-tables.js';
export * from '../../modules/posts/tables.js';
export * from '../../modules/flags/tables.js';
export * from '../../modules/feeds/tables.js';
export { emailOutbox } from '../mail/tables.js';
export * from '../../modules/claps/tables.js';
export * from '../../modules/quotes/tables.js';
export * from '../../modules/reading/tables.js';
export * from '../../modules/media/tables.js';
export * from '../events/tables.js';
export * from '../../modules/social/tables.js';
export * from '../../modules/notifications/tables.js';
export * from '../../modules/search/tables.js';
export * from '../../modules/catalogs/tables.js';
