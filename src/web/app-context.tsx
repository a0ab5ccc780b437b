import { createContext, useContext } from 'react';
import type { AuthProviderInfo } from '../shared/auth-providers.js';
import type { SiteLinks } from '../shared/site-links.js';
import type { RouteAccess } from '../shared/routing/index.js';

/** The signed-in reader as the shell needs it (spec §3 Viewer); null when logged out. */
export interface ShellViewer {
  id: string;
  name: string;
  username: string | null;
  imageId: string | null;
  /** 'a••••@example.com', shown under Sign out. */
  emailObfuscated: string | null;
  /** The session's anti-forgery token (spec §3 client state: session xsrf). */
  xsrf: string;
  /** Staff or admin (route access, spec §2.3); absent for every other reader. */
  access?: RouteAccess;
}

export interface SiteInfo {
  /** Brand from config (SITE_NAME): spec texts such as 'Friend of Medium' render with it. */
  siteName: string;
  /** Host that serves the default route table, e.g. localhost:3000. */
  mainHost: string;
  viewer: ShellViewer | null;
  /** Page id of the current page (spec §2.1). */
  pageId: string;
  /** Route name of the current page (spec §2.4). */
  routeName: string;
  /** Social sign-in providers from the server's configuration, in button order; absent means none. */
  authProviders?: AuthProviderInfo[];
  /** Sign-in buttons hidden by flags (spec §4), as '{operation}:{service}'. */
  hiddenSusiButtons?: string[];
  /** Footer and menu links to pages elsewhere (HELP_URL, STATUS_URL…); absent ones are not shown. */
  siteLinks?: SiteLinks;
}

export const SiteContext = createContext<SiteInfo>({
  siteName: 'Inkwell',
  mainHost: 'localhost:3000',
  viewer: null,
  pageId: 'home-lo',
  routeName: 'ShowHome',
});
export const useSite = () => useContext(SiteContext);
