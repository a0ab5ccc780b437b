import { describe, expect, it } from 'vitest';
import { renderWithSite, testViewer } from '../lib/test-render';
import {
  BasicLayout,
  LAYOUT_COMPONENTS,
  NotFoundLayout,
  PublicationLayout,
  TwoColumnLayout,
  WordmarkLayout,
  type LayoutKind,
} from './index';

const kinds: LayoutKind[] = ['two-column', 'top-nav', 'basic', 'wordmark', 'publication', 'not-found'];

describe('LAYOUT_COMPONENTS', () => {
  it.each(kinds)('%s renders its data-layout root and the content', (kind) => {
    const Layout = LAYOUT_COMPONENTS[kind];
    const html = renderWithSite(
      <Layout>
        <p>page content</p>
      </Layout>,
    );
    expect(html).toMatch(new RegExp(`^<div[^>]*data-layout="${kind}"`));
    expect(html).toContain('<p>page content</p>');
  });

  it('has exactly the six spec layouts', () => {
    expect(Object.keys(LAYOUT_COMPONENTS).sort()).toEqual([...kinds].sort());
  });
});

describe('layouts', () => {
  it('two-column renders a header, the main column and the sidebar with the footer', () => {
    const html = renderWithSite(<TwoColumnLayout sidebar={<p>side</p>}>main</TwoColumnLayout>);
    expect(html).toContain('data-header=""');
    expect(html).toContain('<main');
    expect(html).toMatch(/data-testid="sidebar"[^]*<p>side<\/p>[^]*data-footer=""/);
  });

  it('two-column passes fixedNavbar to the header', () => {
    const html = renderWithSite(<TwoColumnLayout fixedNavbar>main</TwoColumnLayout>);
    expect(html).toContain('data-fixed="true"');
  });

  it('top-nav renders no sidebar', () => {
    const Layout = LAYOUT_COMPONENTS['top-nav'];
    const html = renderWithSite(<Layout sidebar={<p>sidebar content</p>}>main</Layout>);
    expect(html).toContain('data-header=""');
    expect(html).not.toContain('data-testid="sidebar"');
    expect(html).not.toContain('sidebar content');
  });

  it('basic has no navigation unless a brand bar is asked for', () => {
    expect(renderWithSite(<BasicLayout>x</BasicLayout>)).not.toContain('data-logo');
    const withBar = renderWithSite(<BasicLayout brandBar>x</BasicLayout>);
    expect(withBar).toContain('data-brand-bar=""');
    expect(withBar).toContain('>Inkwell</a>');
    expect(withBar).not.toContain('data-header');
  });

  it('wordmark shows the site name linking home, with the bottom margin', () => {
    const html = renderWithSite(<WordmarkLayout>x</WordmarkLayout>, { siteName: 'Quill', pageId: 'plans' });
    expect(html).toMatch(/<a href="\/"[^>]*data-logo="">Quill<\/a>/);
    expect(html).not.toContain('data-no-bottom-margin');
    expect(html).not.toContain('data-header');
  });

  it('wordmark drops the bottom margin on download-app or on request', () => {
    expect(renderWithSite(<WordmarkLayout>x</WordmarkLayout>, { pageId: 'download-app' })).toContain(
      'data-no-bottom-margin="true"',
    );
    expect(renderWithSite(<WordmarkLayout noBottomMargin>x</WordmarkLayout>, { pageId: 'plans' })).toContain(
      'data-no-bottom-margin="true"',
    );
  });

  it('wordmark links to membership settings on the manage-membership pages', () => {
    const html = renderWithSite(<WordmarkLayout>x</WordmarkLayout>, { pageId: 'manage-membership', viewer: testViewer });
    expect(html).toContain('href="/me/settings#membership"');
  });

  it('publication renders the upsell banner and the publication navigation', () => {
    const html = renderWithSite(
      <PublicationLayout upsellBanner={<span>join us</span>} publicationNavigation={<nav>pub nav</nav>}>
        body
      </PublicationLayout>,
    );
    expect(html).toMatch(/data-upsell-slot="">[^]*join us[^]*data-header[^]*pub nav[^]*body/);
  });

  it('not-found renders the header and the content', () => {
    const html = renderWithSite(<NotFoundLayout>PAGE NOT FOUND</NotFoundLayout>);
    expect(html).toContain('data-header=""');
    expect(html).toContain('PAGE NOT FOUND');
  });
});
