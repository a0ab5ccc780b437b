#!/usr/bin/env node
// `npm run bench:publications`: a publication homepage with 6 sections against a profile page, logged
// out and uncached; see bench/README.md, "Publications".
//
// The app's libraries read NODE_ENV when they load, so it is set before the benchmark is imported.
process.env.NODE_ENV = 'production';
await import('./lib/publications-bench.mjs');
