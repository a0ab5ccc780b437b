import type { Clock } from '../../platform/clock.js';
import { systemClock } from '../../platform/clock.js';

/** What the membership module needs of its surroundings besides the database and the provider. */
export interface MembershipEnv {
  clock: Clock;
  /** For the emails (dunning): the site's name and its origin for links. */
  siteName: string;
  origin: string;
}

export function membershipEnv(config: { SITE_NAME: string; PUBLIC_PROTOCOL: string; mainHost: string }, clock: Clock = systemClock): MembershipEnv {
  return { clock, siteName: config.SITE_NAME, origin: `${config.PUBLIC_PROTOCOL}://${config.mainHost}` };
}
