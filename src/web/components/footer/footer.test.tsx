import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SITE_LINK_SETTINGS, type SiteLinkKey, type SiteLinks } from '../../../shared/site-links';
import { renderWithSite } from '../../lib/test-render';
import { Footer } from './Footer';

const labels = (html: string) => Array.from(html.matchAll(/<a [^>]*>([^<]+)<\/a>/g), (m) => m[1]);
const SPEC_ORDER = ['Help', 'Status', 'About', 'Careers', 'Press', 'Blog', 'Privacy', 'Terms', 'Text to speech', 'Teams'];
/** The footer's labels of the pages elsewhere (the app's download page is the header's). */
const FOOTER_LABELS: Partial<Record<SiteLinkKey, string>> = { help: 'Help', status: 'Status', about: 'About', careers: 'Careers', press: 'Press', blog: 'Blog', textToSpeech: 'Text to speech', teams: 'Teams' };
const everyLink: SiteLinks = Object.fromEntries(Object.keys(SITE_LINK_SETTINGS).map((k) => [k, `https://${k.toLowerCase()}.example.com/`]));

describe('Footer', () => {
  it('shows only the site’s own Privacy and Terms when no other page is configured (nothing leads to a 404)', () => {
    const html = renderWithSite(<Footer />);
    expect(labels(html)).toEqual(['Privacy', 'Terms']);
    expect(html).toContain('href="/privacy"');
    expect(html).toContain('href="/terms"');
  });

  it('lists the configured links in spec order, whichever are configured', () => {
    fc.assert(
      fc.property(fc.subarray(Object.keys(SITE_LINK_SETTINGS) as SiteLinkKey[]), (keys) => {
        const siteLinks = Object.fromEntries(keys.map((k) => [k, everyLink[k]]));
        const shown = labels(renderWithSite(<Footer />, { siteLinks }));
        expect(shown).toEqual(SPEC_ORDER.filter((l) => l === 'Privacy' || l === 'Terms' || keys.map((k) => FOOTER_LABELS[k]).includes(l)));
      }),
    );
  });

  it('can hide Help', () => {
    const shown = labels(renderWithSite(<Footer hideHelp />, { siteLinks: everyLink }));
    expect(shown).toEqual(SPEC_ORDER.filter((l) => l !== 'Help'));
  });

  it('renders configured addresses as plain links', () => {
    const html = renderWithSite(<Footer />, { siteLinks: { status: 'https://status.example.com' } });
    expect(html).toContain('href="https://status.example.com"');
  });
});
