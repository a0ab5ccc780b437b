// Everything bench/search.mjs uses from the app, loaded as one module graph (tsx tsImport gives
// each call its own): the dispatcher must see the wake-ups publishPost sends (outbox.ts).
export * from '../../src/platform/db/client.js';
export * from '../../src/platform/db/migrate.js';
export * from '../../src/modules/search/indexer.js';
export * from '../../src/modules/search/engine.js';
export * from '../../src/modules/search/posts-search.js';
export * from '../../src/modules/search/params.js';
export * from '../../src/modules/search/text.js';
export * from '../../src/modules/search/viewer.js';
export * from '../../src/modules/search/handlers.js';
export * from '../../src/modules/posts/drafts.js';
export * from '../../src/modules/posts/publish.js';
export * from '../../src/platform/events/dispatcher.js';
export * from '../../src/platform/logger/index.js';
export * from '../../src/modules/search/tier.js';
