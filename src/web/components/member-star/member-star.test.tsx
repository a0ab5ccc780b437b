import { describe, expect, it } from 'vitest';
import { renderWithSite } from '../../lib/test-render';
import { MemberStarContent, type Audience } from './MemberStar';

const words = (audience: Audience) => renderWithSite(<MemberStarContent audience={audience} siteName="Inkwell" redirect="/@ann/a-story-0123456789ab?skipOnboarding=1" />).replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'");

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
    const html = renderWithSite(<MemberStarContent audience={{ kind: 'reader', storiesThisMonth: 0 }} siteName="Inkwell" redirect="/" />);
    expect(html).toContain('href="/plans"');
    expect(html).not.toContain('signin');
  });

  it("tells a reader from 3 stories on how many they read this month (spec §5), and nothing of it below", () => {
    expect(words({ kind: 'reader', storiesThisMonth: 3 })).toContain("You've read 3 stories this month.");
    expect(words({ kind: 'reader', storiesThisMonth: 2 })).not.toContain("You've read");
  });

  it("names a Friend 'Friend of {SITE_NAME}' with since when", () => {
    const text = words({ kind: 'friend', since: Date.UTC(2023, 0, 9) });
    expect(text).toContain('Friend of Inkwell');
    expect(text).toContain('Member since January 2023');
    expect(text).not.toContain('Become a member');
  });

  it('leaves the date out when a member has none (a gift, say)', () => {
    expect(words({ kind: 'member', since: null })).not.toContain('Member since');
  });

  // Every viewer kind, and what none of them may be told.
  it.each<[Audience, string, string[]]>([
    [{ kind: 'anonymous' }, 'Get unlimited access', ['Member since', 'behind the paywall', 'Friend of']],
    [{ kind: 'reader', storiesThisMonth: 5 }, 'Become a member', ['Member since', 'behind the paywall', 'Sign in']],
    [{ kind: 'member', since: Date.UTC(2024, 10, 5) }, 'Member since November 2024', ['Become a member', 'Sign in', 'behind the paywall']],
    [{ kind: 'friend', since: Date.UTC(2024, 10, 5) }, 'Friend of Inkwell', ['Become a member', 'Sign in', 'behind the paywall']],
    [{ kind: 'author' }, 'eligible to earn money', ['Become a member', 'Sign in', 'Member since']],
  ])('%o says %s', (audience, says, never) => {
    const text = words(audience);
    expect(text).toContain(says);
    for (const n of never) expect(text).not.toContain(n);
  });
});
