#!/usr/bin/env node
// `npm run bench:mail-smtp`: how many emails a second the bulk stream's SMTP provider hands a
// local SMTP server (tests/support/smtp-receiver.ts, a real smtp-server) over its pooled
// connections; see bench/README.md, "Mail". Runs under tsx (the provider is TypeScript).
await import('./lib/mail-smtp-bench.ts');
