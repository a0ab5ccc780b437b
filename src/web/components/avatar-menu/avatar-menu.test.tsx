import { describe, expect, it } from 'vitest';
import { renderWithSite, testViewer } from '../../lib/test-render';
import { AvatarMenu } from './AvatarMenu';
import { avatarMenuSections, membershipExtras, type MenuMembership } from './menu-items';

const keys = (sections: ReturnType<typeof avatarMenuSections>) => sections.flat().map((i) => i.key);

describe('avatarMenuSections', () => {
  it('lists the signed-in items in spec order', () => {
    const items = avatarMenuSections({ viewer: testViewer }).flat();
    expect(items.map((i) => [i.label, i.href])).toEqual([
      ['Write', '/new-story'],
      ['Profile', '/@ann'],
      ['Library', '/me/lists'],
      ['Stories', '/me/stories/drafts'],
      ['Settings', '/me/settings'],
      ['Refine recommendations', '/me/following/suggestions'],
      ['Manage publications', '/@ann/publications'],
    ]);
    expect(items.find((i) => i.key === 'write')?.smallScreensOnly).toBe(true);
  });

  it('leaves out the items whose pages are not built (Stats), and Help without HELP_URL', () => {
    const labels = avatarMenuSections({ viewer: testViewer }).flat().map((i) => i.label);
    for (const unbuilt of ['Stats', 'Help']) expect(labels).not.toContain(unbuilt);
    const withHelp = avatarMenuSections({ viewer: testViewer, siteLinks: { help: 'https://help.example.com/' } }).flat();
    expect(withHelp.at(-1)).toMatchObject({ key: 'help', label: 'Help', href: 'https://help.example.com/' });
  });

  it('links the profile by id when there is no username', () => {
    const items = avatarMenuSections({ viewer: { ...testViewer, username: null } }).flat();
    expect(items.find((i) => i.key === 'profile')?.href).toBe(`/u/${testViewer.id}`);
  });

  it('shows Partner Program only when enrolled', () => {
    expect(keys(avatarMenuSections({ viewer: testViewer }))).not.toContain('partner-program');
    expect(keys(avatarMenuSections({ viewer: testViewer, isPartnerProgramEnrolled: true }))).toContain('partner-program');
  });

  it('lists up to 3 administered publications, then See all publications', () => {
    const pubs = [1, 2, 3, 4].map((n) => ({ id: `p${n}`, name: `Pub ${n}`, href: `/pub-${n}` }));
    const three = keys(avatarMenuSections({ viewer: testViewer, adminPublications: pubs.slice(0, 3) }));
    expect(three.filter((k) => k.startsWith('publication-'))).toHaveLength(3);
    expect(three).not.toContain('all-publications');
    const four = avatarMenuSections({ viewer: testViewer, adminPublications: pubs }).flat();
    expect(four.filter((i) => i.key.startsWith('publication-')).map((i) => i.label)).toEqual(['Pub 1', 'Pub 2', 'Pub 3']);
    expect(four.find((i) => i.key === 'all-publications')?.href).toBe('/@ann/publications');
  });

  it('shows no membership extras until the membership is known', () => {
    expect(keys(avatarMenuSections({ viewer: testViewer }))).not.toContain('gift-membership');
    expect(keys(avatarMenuSections({ viewer: testViewer, membership: null }))).not.toContain('become-member');
  });

  // Spec §2.5 extras by reader: Become a member hidden for a Member or Friend, Reactivate when allowed,
  // Become a Friend for a Member who may switch plan, Gift a membership for all.
  it.each<[string, MenuMembership, [string, string][]]>([
    ['a reader', { tier: 'FREE', canReactivate: false, canSwitchPlan: false }, [['Become a member', '/plans'], ['Gift a membership', '/gift-plans']]],
    ['a member', { tier: 'MEMBER', canReactivate: false, canSwitchPlan: false }, [['Gift a membership', '/gift-plans']]],
    ['a member who may switch', { tier: 'MEMBER', canReactivate: false, canSwitchPlan: true }, [['Become a Friend', '/manage-membership'], ['Gift a membership', '/gift-plans']]],
    ['a cancelled member', { tier: 'MEMBER', canReactivate: true, canSwitchPlan: false }, [['Reactivate Membership', '/me/settings/membership#reactivateMembership'], ['Gift a membership', '/gift-plans']]],
    ['a Friend', { tier: 'FRIEND', canReactivate: false, canSwitchPlan: true }, [['Gift a membership', '/gift-plans']]],
    ['a cancelled Friend', { tier: 'FRIEND', canReactivate: true, canSwitchPlan: false }, [['Reactivate Membership', '/me/settings/membership#reactivateMembership'], ['Gift a membership', '/gift-plans']]],
  ])('extras for %s', (_, membership, expected) => {
    expect(membershipExtras(membership).map((i) => [i.label, i.href])).toEqual(expected);
    const sections = avatarMenuSections({ viewer: testViewer, membership });
    // Between the reader's own pages and Settings.
    expect(sections.at(-2)?.map((i) => i.label)).toEqual(expected.map(([label]) => label));
    expect(sections.at(-1)?.[0]?.key).toBe('settings');
  });

  it('logged out: Sign up, Sign in, Write', () => {
    expect(avatarMenuSections({ viewer: null }).flat().map((i) => [i.label, i.href])).toEqual([
      ['Sign up', '/m/signin?operation=register'],
      ['Sign in', '/m/signin?operation=login'],
      ['Write', '/new-story'],
    ]);
  });
});

describe('AvatarMenu', () => {
  it('renders Sign out with the obscured email and the member-since badge', () => {
    const html = renderWithSite(
      <AvatarMenu
        viewer={testViewer}
        membershipTier="MEMBER"
        signOutHref="/m/signout/xsrf123"
        obscuredEmail="a••••@example.com"
        memberSince={Date.UTC(2024, 10, 5)}
      />,
    );
    expect(html).toMatch(/<a href="\/m\/signout\/xsrf123"[^>]*>.*Sign out.*a••••@example\.com/);
    expect(html).toContain('Member since November 2024');
    expect(html).not.toContain('Become a member');
    expect(html).toContain('Gift a membership');
  });

  it('offers a reader to become a member, and a member who may switch to become a Friend', () => {
    const reader = renderWithSite(<AvatarMenu viewer={testViewer} membershipTier="FREE" />);
    expect(reader).toMatch(/href="\/plans"[^>]*><span>Become a member</);
    const member = renderWithSite(<AvatarMenu viewer={testViewer} membershipTier="MEMBER" membershipRules={{ canReactivate: false, canSwitchPlan: true }} memberSince={Date.UTC(2025, 0, 2)} />);
    expect(member).toMatch(/href="\/manage-membership"[^>]*><span>Become a Friend</);
    expect(member).not.toContain('Become a member');
    expect(member).toContain('Member since January 2025');
  });

  it('has no Sign out when logged out', () => {
    const html = renderWithSite(<AvatarMenu viewer={null} />);
    expect(html).not.toContain('Sign out');
    expect(html).toContain('Sign in');
  });

  it('logged out, its items open the sign-in modal: links to the sign-in page that come back here, Write to a new story', () => {
    const html = renderWithSite(<AvatarMenu viewer={null} />);
    expect(html).toMatch(/href="\/m\/signin\?operation=register&amp;redirect=%2F"[^>]*><span>Sign up</);
    expect(html).toMatch(/href="\/m\/signin\?operation=login&amp;redirect=%2F"[^>]*><span>Sign in</);
    expect(html).toMatch(/href="\/m\/signin\?operation=register&amp;redirect=%2Fnew-story"[^>]*><svg/);
  });

  it('shows no member-since badge to non-members', () => {
    const html = renderWithSite(<AvatarMenu viewer={testViewer} membershipTier="FREE" memberSince={Date.UTC(2024, 1, 1)} />);
    expect(html).not.toContain('data-member-since');
  });
});
