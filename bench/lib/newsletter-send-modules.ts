// What bench/newsletter-send.mjs uses from the app, loaded as one module graph through tsx.
export * from '../../src/platform/db/client.js';
export * from '../../src/platform/db/embedded.js';
export * from '../../src/platform/logger/index.js';
export * from '../../src/server/database.js';
export { buildApp } from '../../src/server/app.js';
export { loadConfig } from '../../src/server/config.js';
export { createUser } from '../../src/modules/accounts/commands.js';
export { createSession } from '../../src/modules/accounts/sessions.js';
export { createDraft } from '../../src/modules/posts/drafts.js';
export { ensureWriterNewsletter } from '../../src/modules/newsletters/commands.js';
export { queueSendsForPost } from '../../src/modules/newsletters/send-commands.js';
export { publishPost } from '../../src/modules/posts/publish.js';
