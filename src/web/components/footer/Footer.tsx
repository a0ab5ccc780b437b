import { cx } from '../../lib/class-names';
import { Link } from '../../router/Link';
import styles from './footer.module.css';

export interface FooterLink {
  key: string;
  label: string;
  href: string;
}

/** Footer links in spec order (§2.5). */
export const FOOTER_LINKS: readonly FooterLink[] = [
  { key: 'help', label: 'Help', href: '/help' },
  { key: 'status', label: 'Status', href: '/status' },
  { key: 'about', label: 'About', href: '/about' },
  { key: 'careers', label: 'Careers', href: '/jobs' },
  { key: 'press', label: 'Press', href: '/press' },
  { key: 'blog', label: 'Blog', href: '/blog' },
  { key: 'privacy', label: 'Privacy', href: '/privacy' },
  { key: 'terms', label: 'Terms', href: '/terms' },
  { key: 'text-to-speech', label: 'Text to speech', href: '/text-to-speech' },
  { key: 'teams', label: 'Teams', href: '/business' },
];

export interface FooterProps {
  hideHelp?: boolean;
  /** Replace the default targets (an operator may point Status or Blog elsewhere). */
  links?: readonly FooterLink[];
  className?: string;
}

/** A row of small grey links. */
export function Footer({ hideHelp = false, links = FOOTER_LINKS, className }: FooterProps) {
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
