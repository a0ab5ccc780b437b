import type { SiteLinkKey, SiteLinks } from '../../../shared/site-links.js';
import { useSite } from '../../app-context';
import { cx } from '../../lib/class-names';
import { Link } from '../../router/Link';
import { PRIVACY_HREF, TERMS_HREF } from '../header/site-pages';
import styles from './footer.module.css';

export interface FooterLink {
  key: string;
  label: string;
  href: string;
}

/**
 * Footer links in spec order (§2.5). Privacy and Terms are this site's own pages; the others
 * are pages elsewhere, each shown only when its address is configured (HELP_URL, STATUS_URL…).
 */
const FOOTER_ENTRIES: readonly ({ key: string; label: string } & ({ href: string } | { setting: SiteLinkKey }))[] = [
  { key: 'help', label: 'Help', setting: 'help' },
  { key: 'status', label: 'Status', setting: 'status' },
  { key: 'about', label: 'About', setting: 'about' },
  { key: 'careers', label: 'Careers', setting: 'careers' },
  { key: 'press', label: 'Press', setting: 'press' },
  { key: 'blog', label: 'Blog', setting: 'blog' },
  { key: 'privacy', label: 'Privacy', href: PRIVACY_HREF },
  { key: 'terms', label: 'Terms', href: TERMS_HREF },
  { key: 'text-to-speech', label: 'Text to speech', setting: 'textToSpeech' },
  { key: 'teams', label: 'Teams', setting: 'teams' },
];

/** The footer's links for this site's configuration, in spec order. */
export function footerLinks(siteLinks: SiteLinks = {}): FooterLink[] {
  return FOOTER_ENTRIES.flatMap((e) => {
    const href = 'href' in e ? e.href : siteLinks[e.setting];
    return href ? [{ key: e.key, label: e.label, href }] : [];
  });
}

export interface FooterProps {
  hideHelp?: boolean;
  className?: string;
}

/** A row of small grey links. */
export function Footer({ hideHelp = false, className }: FooterProps) {
  const { siteLinks } = useSite();
  const links = footerLinks(siteLinks);
  const shown = hideHelp ? links.filter((l) => l.key !== 'help') : links;
  return (
    <footer className={cx(styles.footer, className)} data-footer="">
      <nav aria-label="Footer">
        <ul className={styles.list}>
          {shown.map((link) => (
            <li key={link.key}>
              {link.href.startsWith('/') ? (
                <Link href={link.href} className={styles.link}>
                  {link.label}
                </Link>
              ) : (
                <a href={link.href} className={styles.link} rel="noopener">
                  {link.label}
                </a>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
