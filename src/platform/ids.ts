import { randomBytes } from 'node:crypto';

/** 12 lowercase hex characters, so URLs read like the spec's (/@user/some-title-1a2b3c4d5e6f). */
export const newId = (): string => randomBytes(6).toString('hex');

/** A logged-out visitor id; the lo_ prefix marks it as logged out (spec §3). */
export const newVisitorId = (): string => `lo_${randomBytes(8).toString('hex')}`;
