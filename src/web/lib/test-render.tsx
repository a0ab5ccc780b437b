import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteContext, type ShellViewer, type SiteInfo } from '../app-context';
import { HeaderDataContext, type HeaderData } from '../components/header/header-data';

/** Test helper: server-renders `ui` inside the site context (and optional header data). */
export function renderWithSite(ui: ReactNode, site: Partial<SiteInfo> = {}, headerData: HeaderData = {}): string {
  const value: SiteInfo = {
    siteName: 'Inkwell',
    mainHost: 'localhost:3000',
    viewer: null,
    pageId: 'post',
    routeName: 'ShowPost',
    ...site,
  };
  return renderToStaticMarkup(
    <SiteContext.Provider value={value}>
      <HeaderDataContext.Provider value={headerData}>{ui}</HeaderDataContext.Provider>
    </SiteContext.Provider>,
  );
}

export const testViewer: ShellViewer = { id: 'a1b2c3d4e5f6', name: 'Ann Writer', username: 'ann', imageId: null, emailObfuscated: 'a••@example.com', xsrf: 'test-xsrf' };
