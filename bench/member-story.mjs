#!/usr/bin/env node
// `npm run bench:member-story`: a member reading a member-only story against the same member
// reading a public story of the same length, in one process; see bench/README.md, "Member stories".
//
// Runs under tsx (it builds the app from source, as the tests do) and renders pages with the
// built renderer (dist/server/entry-server.js): run `npm run build` first.
process.env.NODE_ENV = 'production';
await import('./lib/member-story-bench.ts');
