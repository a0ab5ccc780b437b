import { describe, expect, it } from 'vitest';
import { renderWithSite } from '../../lib/test-render';
import { MemberStarContent, type Audience } from './MemberStar';

const words = (audience: Audience) => renderWithSite(<MemberStarContent audience={audience} siteName="Inkwell" redirect="/@ann/a-story-0123456789ab?skipOnboarding=1" />).replace(/<[^>]+>/g, ' ');

/** Spec §2.5 member-only story star: what each reader is told. */
describe('member star popover', () => {
  it('offers an anonymous reader unlimited access through signing in', () => {
    const html = renderWithSite(<MemberStarContent audience={{ kind: 'anonymous' }} siteName="Inkwell" redirect="/@ann/x?skipOnboarding=1" />);
    expect(html).toContain('Get unlimited access');
    expect(html).toMatch(/href="\/m\/signin\?operation=login[^"]*redirect=%2F%40ann%2Fx%3FskipOnboarding%3D1"/);
  });

  it('tells a member since when they are one', () => {
    expect(words({ kind: 'member', since: Date.UTC(2024, 10, 5) })).toContain('Member since November 2024');
  });

  it('tells the author the story is behind the paywall and eligible to earn money', () => {
    const text = words({ kind: 'author' });
    expect(text).toContain('behind the paywall');
    expect(text).toContain('eligible to earn money');
  });

  it('invites a signed-in reader who is not a member to become one', () => {
    const html = renderWithSite(<MemberStarContent audience={{ kind: 'reader' }} siteName="Inkwell" redirect="/" />);
    expect(html).toContain('href="/plans"');
  });
});
