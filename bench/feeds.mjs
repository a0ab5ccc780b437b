#!/usr/bin/env node
// `node bench/feeds.mjs`: the signed-in home page and its feeds on the generated dataset
// (bench/generate.mjs); see bench/README.md, "Feeds at scale".
//
// The app's libraries read NODE_ENV when they load, so it is set before the benchmark is imported.
process.env.NODE_ENV = 'production';
await import('./lib/feeds-bench.mjs');
