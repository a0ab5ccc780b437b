#!/usr/bin/env node
// `npm run bench`: see bench/README.md.
//
// React, graphql and Apollo read NODE_ENV when they load, so it is set before anything that
// imports them is loaded: the benchmark itself is imported dynamically.
process.env.NODE_ENV = 'production';
await import('./lib/bench.mjs');
