#!/usr/bin/env node
// `npm run bench:catalogs`: Save and EditCatalogItems under load, and the library page against the
// signed-in home page; see bench/README.md, "Lists".
//
// The app's libraries read NODE_ENV when they load, so it is set before the benchmark is imported.
process.env.NODE_ENV = 'production';
await import('./lib/catalogs-bench.mjs');
