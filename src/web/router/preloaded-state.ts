import type { ShellViewer } from '../app-context.js';
import type { AuthProviderInfo } from '../../shared/auth-providers.js';
import type { TableContext } from './resolve-page.js';
import type { SiteLinks } from '../../shared/site-links.js';

export const NOT_FOUND_PAGE_ID = 'not-found';

/** What the server hands the client for start-up (spec §2.2), besides the Apollo cache. */
export interface PreloadedState {
  pageId: string;
  routeName: string;
  params: Record<string, string>;
  table: TableContext;
  site: { siteName: string; mainHost: string; viewer: ShellViewer | null; authProviders?: AuthProviderInfo[]; siteLinks?: SiteLinks };
  status: number;
}
