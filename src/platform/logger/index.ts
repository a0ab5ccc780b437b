import pino, { type Logger } from 'pino';
import type { LogLevelName } from '../../shared/constants.js';

export type { Logger };

/**
 * pino's numeric levels are the spec's (§9): error 50, warn 40, info 30, debug 20,
 * trace 10; 'silent' turns logging off (spec: silent 100).
 */
export function createLogger(level: LogLevelName, opts: { name?: string; destination?: pino.DestinationStream } = {}): Logger {
  const options = { level, name: opts.name ?? 'inkwell', base: { pid: process.pid } };
  return opts.destination ? pino(options, opts.destination) : pino(options);
}
