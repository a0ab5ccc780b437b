import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteContext, type SiteInfo } from '../../app-context';
import { FollowButton } from './FollowButton';
import { followStore } from './follow-store';
import { FOLLOW_TOASTS, queuedFollowHref } from './messages';

const site = (viewerId: string | null): SiteInfo => ({
  siteName: 'Inkwell',
  mainHost: 'localhost:3000',
  pageId: 'user-profile',
  routeName: 'ShowUser',
  viewer: viewerId ? { id: viewerId, name: 'Viewer', username: 'viewer', imageId: null, emailObfuscated: null, xsrf: 'x' } : null,
});

const render = (viewerId: string | null, isFollowing: boolean) =>
  renderToStaticMarkup(
    <SiteContext.Provider value={site(viewerId)}>
      <FollowButton user={{ id: 'aaaaaaaaaaaa', name: 'Ada Lovelace', username: 'ada', viewerEdge: { isFollowing } }} />
    </SiteContext.Provider>,
  );

describe('FollowButton', () => {
  it('says Follow or Following as the server said, with an accessible name', () => {
    expect(render('bbbbbbbbbbbb', false)).toContain('aria-label="Follow Ada Lovelace"');
    expect(render('bbbbbbbbbbbb', false)).toMatch(/aria-pressed="false"[^>]*>Follow</);
    expect(render('bbbbbbbbbbbb', true)).toMatch(/aria-pressed="true"[^>]*>Following</);
    // Signed out it offers Follow too (it opens sign-up).
    expect(render(null, false)).toContain('>Follow<');
  });

  it('is not shown on the viewer’s own profile', () => {
    expect(render('aaaaaaaaaaaa', false)).toBe('');
  });
});

describe('follow store and texts', () => {
  it('tells subscribers of a change and keeps the latest value per key', () => {
    let calls = 0;
    const stop = followStore.subscribe(() => calls++);
    followStore.set('user:x', true);
    followStore.set('user:x', false);
    stop();
    followStore.set('user:x', true);
    expect(calls).toBe(2);
    expect(followStore.get('user:x')).toBe(true);
    expect(followStore.get('user:y')).toBeUndefined();
  });

  it('the way back after sign-up names the follow route and skips onboarding', () => {
    expect(queuedFollowHref('ada')).toBe('/@ada/follow?skipOnboarding=1');
    expect(queuedFollowHref('a b')).toBe('/@a%20b/follow?skipOnboarding=1');
  });

  it('uses the spec texts', () => {
    expect(FOLLOW_TOASTS.unfollowed('Ada')).toBe("You've unfollowed Ada");
    expect(FOLLOW_TOASTS.unmuted('Ada')).toBe('Ada has been unmuted');
    expect(FOLLOW_TOASTS.self).toBe('You cannot follow yourself.');
    expect(FOLLOW_TOASTS.fail).toBe("Sorry, that didn't work. Click Follow on the page below to try again.");
  });
});
