#!/usr/bin/env node
// `npm run bench:clap`: the clap mutation under load; see bench/README.md, "Claps".
//
// The app's libraries read NODE_ENV when they load, so it is set before the benchmark is imported.
process.env.NODE_ENV = 'production';
await import('./lib/clap-bench.mjs');
