/**
 * Spec §3 license types: all rights reserved, the Creative Commons variants and public
 * domain. A story carries one (posts.license); ALL_RIGHTS_RESERVED unless the author picks
 * another in the publish dialog.
 */
export const LICENSE_TYPES = [
  'ALL_RIGHTS_RESERVED',
  'CC_40_BY',
  'CC_40_BY_SA',
  'CC_40_BY_ND',
  'CC_40_BY_NC',
  'CC_40_BY_NC_ND',
  'CC_40_BY_NC_SA',
  'CC_40_ZERO',
  'PUBLIC_DOMAIN',
] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

export const DEFAULT_LICENSE: LicenseType = 'ALL_RIGHTS_RESERVED';

/** What the publish dialog and the story footer show for each license. */
export const LICENSE_LABELS: Record<LicenseType, string> = {
  ALL_RIGHTS_RESERVED: 'All rights reserved',
  CC_40_BY: 'Some rights reserved (CC BY 4.0)',
  CC_40_BY_SA: 'Some rights reserved (CC BY-SA 4.0)',
  CC_40_BY_ND: 'Some rights reserved (CC BY-ND 4.0)',
  CC_40_BY_NC: 'Some rights reserved (CC BY-NC 4.0)',
  CC_40_BY_NC_ND: 'Some rights reserved (CC BY-NC-ND 4.0)',
  CC_40_BY_NC_SA: 'Some rights reserved (CC BY-NC-SA 4.0)',
  CC_40_ZERO: 'No rights reserved (CC0 1.0)',
  PUBLIC_DOMAIN: 'Public domain',
};

export function isLicenseType(value: string): value is LicenseType {
  return (LICENSE_TYPES as readonly string[]).includes(value);
}
