import { describe, expect, it } from 'vitest';
import { renderWithSite, testViewer } from '../../lib/test-render';
import { Header } from './Header';

describe('Header', () => {
  it('shows the site name linking home, the search box and Write', () => {
    const html = renderWithSite(<Header />, { siteName: 'Quill' });
    expect(html).toMatch(/<a href="\/"[^>]*data-logo="">Quill<\/a>/);
    expect(html).toMatch(/<form role="search"[^>]*action="\/search" method="get"/);
    expect(html).toContain('placeholder="Search"');
    expect(html).toContain('<span>Write</span>');
  });

  it('Write goes to a new story when signed in, and through sign-up to it when logged out', () => {
    expect(renderWithSite(<Header />, { viewer: testViewer })).toMatch(/href="\/new-story"[^>]*data-write-link=""/);
    expect(renderWithSite(<Header />)).toMatch(/href="\/m\/signin\?operation=register&amp;redirect=%2Fnew-story"[^>]*data-write-link=""/);
  });

  it('links the logo to membership settings on the manage-membership pages', () => {
    for (const pageId of ['manage-membership', 'manage-membership-confirmation']) {
      expect(renderWithSite(<Header />, { pageId, viewer: testViewer })).toMatch(
        /<a href="\/me\/settings#membership"[^>]*data-logo/,
      );
    }
  });

  it('logged out: Sign in and Sign up, no notifications', () => {
    const html = renderWithSite(<Header />, { pageId: 'post' });
    // Links to the sign-in page that come back here (a click opens the sign-in modal).
    expect(html).toMatch(/href="\/m\/signin\?operation=login&amp;redirect=%2F"[^>]*>Sign in</);
    expect(html).toMatch(/href="\/m\/signin\?operation=register&amp;redirect=%2F"[^>]*>Sign up</);
    expect(html).not.toContain('Get started');
    expect(html).not.toContain('/me/notifications');
  });

  it('logged out on home: Get started instead of Sign up', () => {
    const html = renderWithSite(<Header />, { pageId: 'home-lo' });
    expect(html).toMatch(/href="\/m\/signin\?operation=register&amp;redirect=%2F"[^>]*>Get started</);
    expect(html).not.toContain('>Sign up<');
  });

  it('signed in: notifications link and avatar button, no sign-in links', () => {
    const html = renderWithSite(<Header />, { viewer: testViewer, pageId: 'home' });
    expect(html).toMatch(/href="\/me\/notifications"[^>]*aria-label="Notifications"/);
    expect(html).not.toContain('data-badge');
    expect(html).toContain('aria-label="Account menu"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain('operation=login');
  });

  it('shows the unread badge, capped at 99+', () => {
    expect(renderWithSite(<Header unreadNotificationCount={7} />, { viewer: testViewer })).toMatch(
      /data-badge="">7</,
    );
    const capped = renderWithSite(<Header />, { viewer: testViewer }, { unreadNotificationCount: 150 });
    expect(capped).toMatch(/data-badge="">99\+</);
    expect(capped).toContain('aria-label="Notifications, 150 unread"');
  });

  it('explicit props win over the header data context', () => {
    const html = renderWithSite(<Header unreadNotificationCount={0} />, { viewer: testViewer }, { unreadNotificationCount: 5 });
    expect(html).not.toContain('data-badge');
  });

  it('has the small-screen search button, and the Open in app bar only when there is an app to open', () => {
    const html = renderWithSite(<Header />);
    expect(html).toMatch(/<a href="\/search"[^>]*aria-label="Search"/);
    // No app (DOWNLOAD_APP_URL unset): no bar leading to the unbuilt download-app page.
    expect(html).not.toContain('Open in app');
    expect(html).not.toContain('/download-app');
    const app = { siteLinks: { downloadApp: 'https://apps.example.com/inkwell' } };
    expect(renderWithSite(<Header />, app)).toMatch(/data-mobile-bar=""><a href="https:\/\/apps.example.com\/inkwell"[^>]*>Open in app</);
    expect(renderWithSite(<Header showMobileBar={false} />, app)).not.toContain('Open in app');
  });

  it('adds a spacer when fixed', () => {
    const html = renderWithSite(<Header fixed />);
    expect(html).toContain('data-fixed="true"');
    expect(html).toMatch(/<\/div><div class="[^"]*" aria-hidden="true"><\/div>$/);
  });
});
