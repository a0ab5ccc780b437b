/**
 * The Settings page's tabs (spec §2.3 /me/settings[/{setting}], §2.5) and the section
 * hashes of each. Small on purpose: the page registry imports it, not the page.
 */
export const SETTINGS_TABS = [
  { setting: 'account', label: 'Account', hashes: ['email', 'profileInformation', 'username'] },
  { setting: 'publishing', label: 'Publishing', hashes: ['audience-development', 'followers', 'managePublications'] },
  { setting: 'notifications', label: 'Notifications', hashes: ['email-settings', 'manageSubscriptions'] },
  { setting: 'membership', label: 'Membership and payment', hashes: ['membership', 'payment', 'redeemGiftMembership', 'reactivateMembership'] },
  { setting: 'security', label: 'Security and apps', hashes: ['connections', 'developers', 'security', 'tokens'] },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['setting'];

export const isSettingsTab = (setting: string | undefined): setting is SettingsTab => SETTINGS_TABS.some((t) => t.setting === setting);

/** The tab a section hash lives on ('/me/settings#membership' means the Membership tab). */
export const tabOfHash = (hash: string): SettingsTab | null => SETTINGS_TABS.find((t) => (t.hashes as readonly string[]).includes(hash))?.setting ?? null;

export const settingsTabHref = (setting: SettingsTab) => `/me/settings/${setting}`;

/** Where a signed-out reader goes: sign in, then back to the same tab. */
export const signInToSettingsHref = (pathname: string) => `/m/signin?operation=login&redirect=${encodeURIComponent(pathname).replace(/%2F/gi, '/')}`;
