import { describe, expect, it } from 'vitest';
import { renderWithSite } from '../../lib/test-render';
import { Footer } from './Footer';

const labels = (html: string) => Array.from(html.matchAll(/<a [^>]*>([^<]+)<\/a>/g), (m) => m[1]);

describe('Footer', () => {
  it('lists the spec links in order', () => {
    expect(labels(renderWithSite(<Footer />))).toEqual([
      'Help', 'Status', 'About', 'Careers', 'Press', 'Blog', 'Privacy', 'Terms', 'Text to speech', 'Teams',
    ]);
  });

  it('can hide Help', () => {
    const shown = labels(renderWithSite(<Footer hideHelp />));
    expect(shown).not.toContain('Help');
    expect(shown).toHaveLength(9);
  });

  it('renders external targets as plain links', () => {
    const html = renderWithSite(<Footer links={[{ key: 'status', label: 'Status', href: 'https://status.example.com' }]} />);
    expect(html).toContain('href="https://status.example.com"');
  });
});
