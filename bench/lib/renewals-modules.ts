// What bench/renewals.mjs uses from the app, loaded as one module graph through tsx.
export * from '../../src/platform/db/client.js';
export * from '../../src/platform/db/embedded.js';
export * from '../../src/platform/logger/index.js';
export * from '../../src/server/database.js';
