import { createContext, Suspense, useContext, type ComponentType, type ReactNode } from 'react';
import { layoutForPage, WORDMARK_NO_BOTTOM_MARGIN } from '../shared/pages.js';
import { SiteContext, type ShellViewer, type SiteInfo } from './app-context.js';
import { HeaderDataContext, type HeaderData } from './components/header/index.js';
import { ErrorFallbackScreen, PageErrorBoundary } from './components/error-screens/ErrorScreens.js';
import { SusiModalProvider } from './components/susi/SusiModalProvider.js';
import { ToastProvider } from './components/toast/index.js';
import { PaymentReturnToast } from './components/membership/PaymentReturnToast.js';
import { PageQueryContext, type PageQueryReader } from './graphql/page-data.js';
import { LAYOUT_COMPONENTS } from './layouts/index.js';
import { NavigationContext, type Navigation } from './router/navigation.js';
import type { PageModule } from './router/registry.js';

export interface AppPage {
  pageId: string;
  routeName: string;
  params: Record<string, string>;
  module: PageModule;
  /** path + query: remounts the page (and resets its error boundary) on navigation. */
  url: string;
  /**
   * How this page reads its data: its preload results (server, and the first page in
   * the browser) or Apollo (pages reached by navigation). Fixed for the page's life.
   */
  readPageQuery: PageQueryReader;
  /**
   * Remounts the page on every navigation, even to the same URL: a page reached by
   * navigation reads its data another way (Apollo) than the landing page did, and a
   * component must never change how it calls hooks during its life.
   */
  renderKey?: string;
}

/**
 * Told, on the server, that the page fell back to the error screen: the page threw (or
 * suspended). The renderer then renders again in a way that reports why.
 */
export const PageFallbackReport = createContext<(() => void) | null>(null);

function PageFallback() {
  useContext(PageFallbackReport)?.();
  return <ErrorFallbackScreen />;
}

/** What the header and avatar menu show of the signed-in reader. */
function headerData(viewer: ShellViewer | null): HeaderData {
  if (!viewer) return {};
  return { signOutHref: `/m/signout/${encodeURIComponent(viewer.xsrf)}`, obscuredEmail: viewer.emailObfuscated ?? undefined };
}

export interface AppProps {
  site: Omit<SiteInfo, 'pageId' | 'routeName'>;
  page: AppPage;
  navigation: Navigation;
  onPageError?(error: Error): void;
}

/**
 * The site and navigation contexts of a page: the application's own, and what the server
 * renders a kept fragment within (src/web/ssr/fragment-cache.ts), so a kept subtree reads
 * the same viewer and path as it does inline.
 */
export function PageContexts({ site, page, navigation, children }: Pick<AppProps, 'site' | 'navigation'> & { page: Pick<AppPage, 'pageId' | 'routeName'>; children: ReactNode }) {
  return (
    <SiteContext.Provider value={{ ...site, pageId: page.pageId, routeName: page.routeName }}>
      <NavigationContext.Provider value={navigation}>{children}</NavigationContext.Provider>
    </SiteContext.Provider>
  );
}

/** The whole application: providers, then the page's layout (spec §2.1) around the page. */
export function App({ site, page, navigation, onPageError }: AppProps) {
  const layoutKind = layoutForPage(page.pageId);
  const Layout = LAYOUT_COMPONENTS[layoutKind];
  const Page = page.module.default;
  const Sidebar: ComponentType<{ pageId: string; params: Record<string, string> }> | undefined = page.module.Sidebar;
  return (
    <PageQueryContext.Provider value={page.readPageQuery}>
      <PageContexts site={site} page={page} navigation={navigation}>
        <HeaderDataContext.Provider value={headerData(site.viewer)}>
          <ToastProvider>
            <PaymentReturnToast url={page.url} />
            <SusiModalProvider>
              <Layout
                sidebar={Sidebar ? <Sidebar pageId={page.pageId} params={page.params} /> : undefined}
                noBottomMargin={WORDMARK_NO_BOTTOM_MARGIN.has(page.pageId)}
              >
                {/* On the server a failing page falls back to this boundary (error boundaries
                    only run in the browser); in the browser the error boundary catches. */}
                <Suspense fallback={<PageFallback />}>
                  <PageErrorBoundary resetKey={page.renderKey ?? page.url} onError={(e) => onPageError?.(e)}>
                    <Page key={page.renderKey ?? page.url} pageId={page.pageId} params={page.params} />
                  </PageErrorBoundary>
                </Suspense>
              </Layout>
            </SusiModalProvider>
          </ToastProvider>
        </HeaderDataContext.Provider>
      </PageContexts>
    </PageQueryContext.Provider>
  );
}
