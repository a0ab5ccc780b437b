import { createContext, useContext } from 'react';
import type { BrowserData } from './browser-data.js';

/**
 * Loads Apollo Client on demand (it is not part of the landing page's JavaScript).
 * Null on the server, where nothing mutates.
 */
export const BrowserDataContext = createContext<(() => Promise<BrowserData>) | null>(null);

export function useBrowserData(): () => Promise<BrowserData> {
  const load = useContext(BrowserDataContext);
  return load ?? (() => Promise.reject(new Error('Apollo Client is only available in the browser.')));
}
