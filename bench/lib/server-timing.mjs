// Loaded into the app under measurement (`node --import`, bench/lib/catalogs-bench.mjs): every
// response carries `Server-Timing: app;dur=<ms>`, the time from Node handing the server the parsed
// request to the response's head being written. That is the server's own time (routing, session,
// GraphQL execution, the transaction), without the loopback hop or the load generator's queue, so
// a benchmark can hold a mutation to a server-time target while many readers load it at once.
// The app itself never sets this header: only a process started with this module has it.
import diagnosticsChannel from 'node:diagnostics_channel';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const startedAt = Symbol('server-timing start');

diagnosticsChannel.subscribe('http.server.request.start', ({ response }) => {
  response[startedAt] = performance.now();
});

const writeHead = http.ServerResponse.prototype.writeHead;
http.ServerResponse.prototype.writeHead = function writeHeadWithTiming(...args) {
  if (this[startedAt] !== undefined && !this.headersSent) this.setHeader('server-timing', `app;dur=${(performance.now() - this[startedAt]).toFixed(2)}`);
  return writeHead.apply(this, args);
};
