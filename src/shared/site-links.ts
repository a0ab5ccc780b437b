/**
 * Pages elsewhere that the footer, menus and header link to (spec §2.5), each from its
 * *_URL setting (src/server/config.ts). A link whose address is not configured is not shown:
 * the site serves no page of its own for them.
 */
export const SITE_LINK_SETTINGS = {
  help: 'HELP_URL',
  status: 'STATUS_URL',
  about: 'ABOUT_URL',
  careers: 'CAREERS_URL',
  press: 'PRESS_URL',
  blog: 'BLOG_URL',
  textToSpeech: 'TEXT_TO_SPEECH_URL',
  teams: 'TEAMS_URL',
  /** Where 'Open in app' leads (the small screens' bar above the header); no bar without it. */
  downloadApp: 'DOWNLOAD_APP_URL',
} as const;

export type SiteLinkKey = keyof typeof SITE_LINK_SETTINGS;
export type SiteLinks = Partial<Record<SiteLinkKey, string>>;

/** The configured links, from settings such as { HELP_URL: 'https://help.example' }. */
export function siteLinksFrom(settings: Partial<Record<(typeof SITE_LINK_SETTINGS)[SiteLinkKey], string>>): SiteLinks {
  const links: SiteLinks = {};
  for (const [key, setting] of Object.entries(SITE_LINK_SETTINGS) as [SiteLinkKey, (typeof SITE_LINK_SETTINGS)[SiteLinkKey]][]) {
    const url = settings[setting];
    if (url) links[key] = url;
  }
  return links;
}
