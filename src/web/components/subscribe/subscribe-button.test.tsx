import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteContext, type SiteInfo } from '../../app-context';
import { SubscribeButton, SubscribeNotice } from './SubscribeButton';
import type { SubscribeWriter } from './use-writer-subscription';

const site = (viewerId: string | null): SiteInfo => ({
  siteName: 'Inkwell',
  mainHost: 'localhost:3000',
  pageId: 'user-profile',
  routeName: 'ShowUser',
  viewer: viewerId ? { id: viewerId, name: 'Viewer', username: 'viewer', imageId: null, emailObfuscated: null, xsrf: 'x' } : null,
});

const NOTICE = 'By subscribing, you agree that your email address is shared with Ada Lovelace, who may contact you. You can opt out in Settings at any time.';
const writer = (state: string | null, exists = true): SubscribeWriter => ({
  id: 'aaaaaaaaaaaa',
  name: 'Ada Lovelace',
  username: 'ada',
  newsletterConsentNotice: NOTICE,
  newsletterV3: exists ? { id: 'cccccccccccc', name: 'Ada Lovelace', subscriberCount: 3, viewerSubscriptionState: state, consentNotice: NOTICE } : null,
});

const render = (viewerId: string | null, w: SubscribeWriter) =>
  renderToStaticMarkup(
    <SiteContext.Provider value={site(viewerId)}>
      <SubscribeButton writer={w} />
      <SubscribeNotice writer={w} />
    </SiteContext.Provider>,
  );

describe('SubscribeButton', () => {
  it('offers a signed-in reader Subscribe with the §5 notice before their first subscription', () => {
    const html = render('bbbbbbbbbbbb', writer(null, false));
    expect(html).toContain('aria-label="Subscribe to Ada Lovelace&#x27;s newsletter"');
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain('shared with Ada Lovelace');
  });

  it('shows the subscribed state, and no notice once they have subscribed before', () => {
    const on = render('bbbbbbbbbbbb', writer('ACTIVE'));
    expect(on).toContain('aria-pressed="true"');
    expect(on).toContain('Unsubscribe from Ada Lovelace');
    expect(on).not.toContain('subscribe-notice');
    expect(render('bbbbbbbbbbbb', writer('UNSUBSCRIBED'))).not.toContain('subscribe-notice');
  });

  it('sends a signed-out visitor to the promotion page, where they subscribe by email', () => {
    const html = render(null, writer(null));
    expect(html).toMatch(/<a[^>]*href="\/@ada\/subscribe"/);
    expect(html).not.toContain('subscribe-notice');
  });

  it('shows the writer their subscriber count instead (no link until the audience page exists)', () => {
    const html = render('aaaaaaaaaaaa', writer(null));
    expect(html).toContain('3 subscribers');
    expect(html).not.toContain('<button');
    expect(html).not.toContain('<a');
  });
});
